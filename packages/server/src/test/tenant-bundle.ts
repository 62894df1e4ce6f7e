import { type RestorePointRef, RIGHT_NAMES } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { insertAppliance, insertId, insertSystem, nextId } from './factories';
import type { TestApp } from './harness';
import { alertObjects } from './tenant-bundle-alerts';
import { exportsAndReports, officeObjects } from './tenant-bundle-services';

// One client's objects for the isolation and bad-input suites (tenant-world.ts): one of every
// kind a declaration can name (TenantObject), each reachable by its owner, so that a 404 for
// anyone else means the scope held and not that the object was missing.

/** The client-level objects of one client. */
export interface ClientBundle {
  system: number;
  /** A direct-to-cloud system (no appliance): some calls serve only these. */
  d2cSystem: number;
  appliance: number;
  job: number;
  restorePoint: number;
  share: number;
  /** The download link's token (`download`) and the browsing session's token (`file_mount`). */
  downloadToken: string;
  mountToken: string;
  operation: number;
  autoverify: number;
  /** A finished Azure direct restore job. */
  azureJob: number;
  /** A generated executive summary report and a (paused) schedule of them. */
  report: number;
  reportDefinition: number;
  /** A second-generation system and its cloud point. */
  rbSystem: number;
  rbPoint: number;
  /** A ready FTPS export of that system: its id and its uuid (get_status). */
  ftpsExport: number;
  ftpsUuid: string;
  /** An appliance update schedule of the client's reseller, holding the client's appliance. */
  updateSchedule: number;
  /** A running test office of the client (its system running) and a runbook of it. */
  failover: number;
  runbook: number;
  /** An IPsec site of the client's virtual office. */
  ipsecSite: number;
  /** A (simulated) backup source of the client. */
  backupSource: number;
  /** An open alert of the client's system and a snooze of that system. */
  alert: number;
  alertSnooze: number;
  /** A webhook endpoint of the client's reseller and a delivered test in its log. */
  webhookEndpoint: number;
  webhookDelivery: number;
  /** A custom role of the client's reseller (docs/decisions.md 'Roles'). */
  role: number;
}

/** Whose objects these are, and the vault their systems back up to. */
export interface BundleOwner {
  reseller_id: number;
  client_id: number;
  vault: number;
  /** A short tag in names and tokens (A1, B1...). */
  tag: string;
}

export interface Ctx extends BundleOwner {
  t: TestApp;
  db: Kysely<Database>;
  now: number;
}

/** The first file of a restore point's drive, depth first: what the download link serves. */
async function firstFile(ctx: AppContext, ref: RestorePointRef, folder: string, depth = 0): Promise<string> {
  const entries = (await ctx.ports.files.listFiles(ref, folder)) ?? [];
  const file = entries.find((e) => e.type === 'file');
  if (file) return `${folder}/${file.name}`;
  if (depth < 8)
    for (const sub of entries.filter((e) => e.type === 'folder')) {
      const found = await firstFile(ctx, ref, `${folder}/${sub.name}`, depth + 1).catch(() => null);
      if (found) return found;
    }
  throw new Error(`no file under ${folder}`);
}

/** The appliance, three systems (imaged, direct-to-cloud, second generation), jobs, points. */
async function systems(c: Ctx) {
  const { db, now, reseller_id, client_id, tag, vault } = c;
  const appliance = await insertAppliance(db, now, {
    reseller_id,
    client_id,
    sid: `iso${tag}`,
    name: `APP-ISO-${tag}`,
    is_brc_appliance: 1,
  });
  const systemRow = (name: string, appliance_id: number | null, service_gen = 2) =>
    insertSystem(db, now, {
      reseller_id,
      client_id,
      appliance_id,
      name,
      service_gen,
      last_rp_at: now - 3_600_000,
      seed: 4242,
    });
  const system = await systemRow(`ISO-${tag}`, appliance);
  // Its VM runs on the appliance: the console screenshot call (issue 12.4) has a picture to answer.
  await db
    .updateTable('protected_systems')
    .set({ sva_job_status: 'Running', currently_running: 1 })
    .where('id', '=', system)
    .execute();
  const d2cSystem = await systemRow(`ISO-D2C-${tag}`, null);
  // A system of the second-generation tool, with a job and a cloud point (the FTPS calls).
  const rbSystem = await systemRow(`ISO-RB-${tag}`, appliance, 4);
  // A job and one restore point of it: the second-generation system's image job and the
  // first system's file job are set up the same way, only the point's flags differ.
  const jobWithPoint = async (
    system_id: number,
    job: { name: string; type: 'FILE' | 'SERVER_ALIVE_BMR' },
    point: { taken_at: number; is_local: 0 | 1; in_use: 0 | 1 },
  ) => {
    const id = await nextId(db, ['jobs', 'job_history']);
    await db
      .insertInto('jobs')
      .values({ id, system_id, name: job.name, type: job.type, drives: '["C:"]' })
      .execute();
    const rp = await insertId(db, 'restore_points', {
      system_id,
      job_id: id,
      ...point,
      is_cloud: 1,
      scheduled: 1,
      size_bytes: 1e9,
    });
    return { job: id, rp };
  };
  const { rp: rbPoint } = await jobWithPoint(
    rbSystem,
    { name: 'Image', type: 'SERVER_ALIVE_BMR' },
    { taken_at: now - 7_200_000, is_local: 0, in_use: 0 },
  );
  for (const system_id of [system, d2cSystem])
    await db.insertInto('system_vaults').values({ system_id, vault_id: vault }).execute();
  const { job, rp } = await jobWithPoint(
    system,
    { name: 'Files', type: 'FILE' },
    { taken_at: now - 3_600_000, is_local: 1, in_use: 1 },
  );
  await db
    .insertInto('job_history')
    .values({
      id: job,
      system_id: system,
      job_id: job,
      kind: 'Backup',
      backup_type: 'Incremental',
      status: 'COMPLETED',
      started_at: now - 3_600_000,
      ended_at: now - 3_000_000,
      paused_at: null,
      percent_complete: 100,
      size_bytes: 5e8,
      error_msg: null,
      pause_message: null,
    })
    .execute();
  const autoverify = await insertId(db, 'autoverify_results', {
    system_id: system,
    restore_point_id: rp,
    rp_taken_at: now - 3_600_000,
    started_at: now - 3_000_000,
    ended_at: now - 2_900_000,
    status: 'success',
    result: 'Booted.',
    heartbeat: 1,
    boot_check: 'Passed',
    vss_status: 'Passed',
    chkdsk_status: 'Passed',
    screenshot_seed: 99,
  });
  return { appliance, system, d2cSystem, rbSystem, rbPoint, job, rp, autoverify };
}

export type Systems = Awaited<ReturnType<typeof systems>>;

/** A share, a download link and a browsing session (one id), and a finished operation. */
async function recoveryObjects(c: Ctx, { system, appliance, job, rp }: Systems) {
  const { t, db, now, reseller_id, client_id, tag } = c;
  const recovery = {
    reseller_id,
    client_id,
    system_id: system,
    appliance_id: appliance,
    job_id: job,
    restore_point_id: rp,
    rp_taken_at: now - 3_600_000,
    drive: 'C:',
    user_id: null,
    created_at: now,
  };
  // The link serves a real file of the point, so that its owner's download succeeds.
  const downloadPath = await firstFile(
    t.ctx,
    {
      systemId: system,
      applianceId: appliance,
      restorePointId: rp,
      takenAt: now - 3_600_000,
      seed: 4242,
      osType: 'WINDOWS',
      deviceType: 'server',
      hostname: `iso-${tag}`.toLowerCase(),
    },
    'C:',
  );
  const share = await nextId(db, ['cifs_shares', 'download_sessions', 'file_mounts']);
  const downloadToken = `dl${tag}${share}`.toLowerCase().padEnd(32, '0');
  const mountToken = `fm${tag}${share}`.toLowerCase().padEnd(22, '0');
  await db
    .insertInto('cifs_shares')
    .values({
      ...recovery,
      id: share,
      // A disk share (VMDK), so that the disk download has an image to serve.
      format: 'VMDK',
      status: 'active',
      share_path: `\\\\app-iso-${tag}\\share${share}`,
      mac_share_path: `smb://app-iso-${tag}/share${share}`,
      error: null,
      ttl_seconds: 86_400,
      active_at: now,
      expires_at: now + 86_400_000,
      ended_at: null,
    })
    .execute();
  await db
    .insertInto('download_sessions')
    .values({
      ...recovery,
      id: share,
      token: downloadToken,
      location: 'cloud',
      paths: JSON.stringify([downloadPath]),
      name: downloadPath.split('/').pop() as string,
      download_type: 1,
      files_count: 1,
      folders_count: 0,
      expires_at: now + 86_400_000,
      status: 'active',
      ended_at: null,
    })
    .execute();
  await db
    .insertInto('file_mounts')
    .values({
      ...recovery,
      id: share,
      token: mountToken,
      location: 'appliance',
      completed_at: null,
    })
    .execute();
  const operation = await insertId(db, 'operations', {
    kind: 'isolation.fixture',
    status: 'succeeded',
    reseller_id,
    client_id,
    subject_type: 'system',
    subject_id: system,
    input: '{}',
    progress: 100,
    step: null,
    result: '{}',
    error: null,
    lease_owner: null,
    lease_expires_at: null,
    run_after: now,
    created_by: null,
    created_at: now,
    updated_at: now,
    finished_at: now,
  });
  return { share, downloadToken, mountToken, operation, downloadPath };
}

export type Recovery = Awaited<ReturnType<typeof recoveryObjects>>;

export async function buildClientBundle(t: TestApp, owner: BundleOwner): Promise<ClientBundle> {
  const c: Ctx = { ...owner, t, db: t.dbh.db, now: t.clock.now() };
  const sys = await systems(c);
  const rec = await recoveryObjects(c, sys);
  const more = await exportsAndReports(c, sys, rec);
  const office = await officeObjects(c, sys);
  const alerts = await alertObjects(c, sys);
  const hooks = await webhookObjects(c);
  const role = await roleOf(c);
  const { rp, ...systemIds } = sys;
  const { downloadPath: _path, ...recovery } = rec;
  return { ...systemIds, restorePoint: rp, ...recovery, ...more, ...office, ...alerts, ...hooks, role };
}

/**
 * A custom role of the reseller holding every right: given to one of its users by a suite's
 * save, it narrows nothing, so the calls that follow keep the rights the table gives.
 */
function roleOf(c: Ctx) {
  return insertId(c.db, 'roles', {
    organisation_id: c.reseller_id,
    name: `Role ${c.tag}`,
    rights: JSON.stringify(RIGHT_NAMES),
    created_at: c.now,
    updated_at: c.now,
  });
}

/** A webhook endpoint of the reseller (its own: client 0) with one delivered test. */
async function webhookObjects(c: Ctx) {
  const { db, now, reseller_id, tag } = c;
  const webhookEndpoint = await insertId(db, 'webhook_endpoints', {
    reseller_id,
    client_id: 0,
    kind: 'webhook',
    name: `Hook ${tag}`,
    url: `https://psa.example.com/hooks/${tag}`,
    secret_sealed: 'sealed',
    enabled: 1,
    created_at: now,
    created_by: null,
    secret_rotated_at: now,
  });
  const webhookDelivery = await insertId(db, 'webhook_deliveries', {
    endpoint_id: webhookEndpoint,
    delivery_uid: `iso-${tag}`,
    reseller_id,
    client_id: 0,
    event_id: null,
    alert_id: null,
    event_type: 'test',
    status: 'delivered',
    created_at: now,
    next_attempt_at: now,
    retry_until: now,
    delivered_at: now,
    last_attempt_at: now,
    response_code: 200,
    latency_ms: 12,
    error: null,
  });
  return { webhookEndpoint, webhookDelivery };
}
