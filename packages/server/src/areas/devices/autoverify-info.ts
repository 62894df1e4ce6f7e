import type { AutoVerifyData, DeviceAutoVerifyInfoAnswer, LastAutoVerifyAnswer } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { ReuseCache } from '../../cache/reuse-cache';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import type { Actor } from '../../scope';
import { type Device, isD2C, isNas, loadDevice } from './device';

// AutoVerify results of a device (spec: dashboard-device-azure 3 'AutoVerify data', 7 calls
// get_device_autoverify_info, get_last_autoverify_data and the screenshot images).

const TABLE_ROWS = 10;

export async function latestAutoVerify(db: Kysely<Database>, systemId: number) {
  return db
    .selectFrom('autoverify_results')
    .selectAll()
    .where('system_id', '=', systemId)
    .orderBy('ended_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The image calls' {params}: "<systemId>-<resultId>", so an image is cached per result. */
export const urlParams = (d: Pick<Device, 'id'>, resultId: number) => `${d.id}-${resultId}`;

export async function presentAutoVerifyInfo(
  db: Kysely<Database>,
  d: Device,
): Promise<DeviceAutoVerifyInfoAnswer> {
  if (isNas(d)) return { ok: false, message: 'AutoVerify is not available for NAS devices.' };
  const rows = await db
    .selectFrom('autoverify_results')
    .select(['id', 'rp_taken_at', 'started_at', 'ended_at', 'status', 'result', 'screenshot_seed'])
    .where('system_id', '=', d.id)
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
  };
}

export async function lastAutoVerifyData(db: Kysely<Database>, d: Device): Promise<LastAutoVerifyAnswer> {
  if (isNas(d)) return { ok: false, data: null, message: 'AutoVerify is not available for NAS devices.' };
  const r = await latestAutoVerify(db, Number(d.id));
  if (!r) return { ok: false, data: null, message: 'This system has not been verified yet.' };
  const appliance =
    d.appliance_id === null
      ? undefined
      : await db
          .selectFrom('appliances')
          .select(['id', 'name'])
          .where('id', '=', d.appliance_id)
          .executeTakeFirst();
  const hasThumbnail = r.screenshot_seed !== null;
  const data: AutoVerifyData = {
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
    target_info: appliance
      ? {
          target_type: 'appliance',
          target_link: `/appliance/details/${appliance.id}`,
          target_link_text: appliance.name,
        }
      : { target_type: 'cloud', target_link: '', target_link_text: 'Lifeboat cloud' },
  };
  return { ok: true, data, message: null };
}

export const IMAGE_SIZES = {
  screenshot: { width: 1024, height: 640 },
  // spec 9: thumbnail 250 by 156 in the modal.
  thumbnail: { width: 250, height: 156 },
} as const;

/** The PNG of one AutoVerify result's screen; 404 when it has none or is not the actor's. */
export async function autoVerifyImage(
  ctx: Pick<AppContext, 'fabric' | 'clock'>,
  db: Kysely<Database>,
  actor: Actor,
  params: string,
  size: keyof typeof IMAGE_SIZES,
): Promise<Buffer> {
  const m = /^(\d{1,15})-(\d{1,15})$/.exec(params);
  if (!m) throw new NotFoundError('This image');
  const d = await loadDevice(db, actor, m[1]);
  const r = await db
    .selectFrom('autoverify_results')
    .select(['screenshot_seed', 'boot_check'])
    .where('id', '=', Number(m[2]))
    .where('system_id', '=', d.id)
    .executeTakeFirst();
  if (!r || r.screenshot_seed === null) throw new NotFoundError('This image');
  const { screenshot_seed: seed, boot_check: bootCheck } = r;
  // Rendering a PNG costs milliseconds of CPU and a result's image never changes: drawn through
  // the fabric once, kept a while (the scope check above runs on every request).
  return drawn.get(`${size}:${d.id}:${m[2]}:${d.hostname}`, ctx.clock.now(), () =>
    ctx.fabric.autoVerifyScreenshot({
      screenshotSeed: Number(seed),
      ...IMAGE_SIZES[size],
      hostname: d.hostname,
      osType: d.os_type,
      ok: bootCheck === 'Passed',
    }),
  );
}

const drawn = new ReuseCache<Buffer>(10 * 60_000, 300);
