import type { AutoVerifyData, DeviceAutoVerifyInfoAnswer, LastAutoVerifyAnswer } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { type Actor, ofSystem, parentOf, scoped } from '../../scope';
import { type Device, isD2C, isNas, loadDevice, verificationOf } from './device';

// AutoVerify results of a device (spec: dashboard-device-azure 3 'AutoVerify data', 7 calls
// get_device_autoverify_info, get_last_autoverify_data and the screenshot images).

const TABLE_ROWS = 10;

/** The latest AutoVerify result of a device loaded in scope. */
export async function latestAutoVerify(db: Kysely<Database>, actor: Actor, d: Device) {
  return scoped(db, actor)
    .within(ofSystem(d, 'autoverify_results'))
    .selectFrom('autoverify_results')
    .selectAll()
    .orderBy('ended_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The image calls' {params}: "<systemId>-<resultId>", so an image is cached per result. */
export const urlParams = (d: Pick<Device, 'id'>, resultId: number) => `${d.id}-${resultId}`;

export async function presentAutoVerifyInfo(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
): Promise<DeviceAutoVerifyInfoAnswer> {
  if (isNas(d)) return { ok: false, message: 'AutoVerify is not available for NAS devices.' };
  const rows = await scoped(db, actor)
    .within(ofSystem(d, 'autoverify_results'))
    .selectFrom('autoverify_results')
    .select(['id', 'rp_taken_at', 'started_at', 'ended_at', 'status', 'result', 'screenshot_seed'])
    .orderBy('ended_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TABLE_ROWS)
    .execute();
  const latest = rows[0];
  const hasThumbnail = latest?.screenshot_seed != null;
  return {
    ok: true,
    tableData: rows.map((r) => ({
      id: Number(r.id),
      rp: Number(r.rp_taken_at),
      started_at: Number(r.started_at),
      ended_at: Number(r.ended_at),
      status: r.status,
      result: r.result,
    })),
    tableColumns: [
      { key: 'rp', label: 'Restore point' },
      { key: 'ended_at', label: 'Verified' },
      { key: 'status', label: 'Result' },
    ],
    has_thumbnail: hasThumbnail,
    url_params: latest && hasThumbnail ? urlParams(d, Number(latest.id)) : null,
    is_d2c: isD2C(d),
    verification: verificationOf(d),
  };
}

export async function lastAutoVerifyData(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
): Promise<LastAutoVerifyAnswer> {
  if (isNas(d)) return { ok: false, data: null, message: 'AutoVerify is not available for NAS devices.' };
  const r = await latestAutoVerify(db, actor, d);
  const verification = verificationOf(d);
  if (!r)
    return {
      ok: false,
      data: null,
      message:
        verification === 'repository_check'
          ? 'The repository of this system has not been checked yet.'
          : 'This system has not been verified yet.',
    };
  const appliance =
    d.appliance_id === null
      ? undefined
      : await scoped(db, actor)
          .within(parentOf(d, 'appliance', 'appliances'))
          .selectFrom('appliances')
          .select(['id', 'name'])
          .executeTakeFirst();
  const hasThumbnail = r.screenshot_seed !== null;
  const data: AutoVerifyData = {
    verification,
    autoverify_status: r.status,
    autoverify_result: r.result,
    start_time: Number(r.started_at),
    end_time: Number(r.ended_at),
    heartbeat: r.heartbeat === 1,
    system_boot_check: r.boot_check,
    vss_status: r.vss_status,
    chkdsk_status: r.chkdsk_status,
    autoverify_is_advanced_mode: r.advanced_mode === 1,
    has_thumbnail: hasThumbnail,
    autoverify_last_rp: Number(r.rp_taken_at),
    autoverify_url_params: hasThumbnail ? urlParams(d, Number(r.id)) : null,
    target_info:
      verification === 'repository_check'
        ? await checkedRepository(db, actor, d)
        : appliance
          ? {
              target_type: 'appliance',
              target_link: `/appliance/details/${appliance.id}`,
              target_link_text: appliance.name,
            }
          : { target_type: 'cloud', target_link: '', target_link_text: 'Lifeboat cloud' },
  };
  return { ok: true, data, message: null };
}

/** Where a repository check ran: the backup source of the system, named, on its client's page. */
async function checkedRepository(db: Kysely<Database>, actor: Actor, d: Device) {
  const source = await scoped(db, actor)
    .selectFrom('backup_sources')
    .select(['backup_sources.name'])
    .where('backup_sources.id', '=', Number(d.source_id))
    .executeTakeFirst();
  return {
    target_type: 'repository',
    target_link: `/client/details/${d.client_id}`,
    target_link_text: source?.name ?? 'Its backup source',
  };
}

export const IMAGE_SIZES = {
  screenshot: { width: 1024, height: 640 },
  // spec 9: thumbnail 250 by 156 in the modal.
  thumbnail: { width: 250, height: 156 },
} as const;

/** The PNG of one AutoVerify result's screen; 404 when it has none or is not the actor's. */
export async function autoVerifyImage(
  ctx: Pick<AppContext, 'ports' | 'clock'>,
  db: Kysely<Database>,
  actor: Actor,
  params: string,
  size: keyof typeof IMAGE_SIZES,
): Promise<Buffer> {
  const m = /^(\d{1,15})-(\d{1,15})$/.exec(params);
  if (!m) throw new NotFoundError('This image');
  const d = await loadDevice(db, actor, m[1]);
  const r = await scoped(db, actor)
    .within(ofSystem(d, 'autoverify_results'))
    .selectFrom('autoverify_results')
    .select(['screenshot_seed', 'boot_check'])
    .where('id', '=', Number(m[2]))
    .executeTakeFirst();
  if (!r || r.screenshot_seed === null) throw new NotFoundError('This image');
  const { screenshot_seed: seed, boot_check: bootCheck } = r;
  // Drawn through the fabric on each request; the browser keeps a result's image (it never
  // changes) for a day.
  return ctx.ports.autoverify.autoVerifyScreenshot({
    screenshotSeed: Number(seed),
    ...IMAGE_SIZES[size],
    hostname: d.hostname,
    osType: d.os_type,
    ok: bootCheck === 'Passed',
  });
}
