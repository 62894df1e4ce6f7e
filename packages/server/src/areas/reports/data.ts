import { DAY_MS, dayMs, resolveThreshold, type ThresholdRow } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { unscoped } from '../../scope';

// What an executive summary report says, read from the fleet for one client and period
// (issue 15.3). Read by the worker that renders the report, after the request checked the scope.

export interface SystemFacts {
  id: number;
  name: string;
  deviceType: 'server' | 'workstation' | 'nas';
  osName: string;
  osType: string;
  hostname: string;
  /** Health at the end of the period (the last change before it, else today's). */
  health: string;
  jobs: number;
  succeeded: number;
  failed: number;
  /** Restore points taken in the period: its successful backups. */
  restorePoints: number;
  /** Bytes the period's restore points (those retention kept) added. */
  growthBytes: number;
  usedBytes: number;
  /** Recovery-point objective in minutes (the alert threshold); null when alerting is off. */
  rpoMinutes: number | null;
  /** The longest time the system was overdue (TROUBLED) in the period, in minutes. */
  overdueMinutes: number;
  rpoMet: boolean | null;
  autoVerify: {
    /** 'boot': AutoVerify booted the system; 'repository_check': its repository was read back. */
    kind: 'boot' | 'repository_check';
    at: number;
    status: 'success' | 'failure';
    result: string;
    screenshotSeed: number | null;
  } | null;
  autoVerifyRuns: number;
  autoVerifyPassed: number;
}

export interface RecoveryActivity {
  at: number;
  kind: 'Share' | 'Download' | 'Export' | 'Restore to Azure';
  system: string;
  user: string | null;
}

export interface ReportData {
  clientName: string;
  resellerName: string;
  from: string;
  to: string;
  systems: SystemFacts[];
  /** Per day of the period: systems by health at the end of that day. */
  daily: { day: string; healthy: number; warned: number; troubled: number; other: number }[];
  activity: RecoveryActivity[];
}

const HEALTHY = new Set(['NORMAL']);
const WARNED = new Set(['WARNED']);
const TROUBLED = new Set(['TROUBLED']);

export async function gatherReportData(
  dbIn: Kysely<Database>,
  clientId: number,
  from: string,
  to: string,
): Promise<ReportData> {
  const db = unscoped(dbIn, 'the report worker reads the client the request was scoped to');
  const start = dayMs(from) as number;
  const end = (dayMs(to) as number) + DAY_MS; // exclusive
  const client = await db
    .selectFrom('organisations as c')
    .innerJoin('organisations as r', 'r.id', 'c.reseller_id')
    .select(['c.name as clientName', 'r.name as resellerName', 'c.reseller_id'])
    .where('c.id', '=', clientId)
    .executeTakeFirstOrThrow();
  const systems = await db
    .selectFrom('protected_systems')
    .select([
      'id',
      'name',
      'device_type',
      'os_name',
      'os_type',
      'hostname',
      'health_status',
      'reseller_id',
      'client_id',
      'cloud_used_bytes',
      'local_used_bytes',
      'created_at',
    ])
    .where('client_id', '=', clientId)
    .where('created_at', '<', end)
    .orderBy('name')
    .execute();
  const ids = systems.map((s) => Number(s.id));
  const none = ids.length === 0;
  const inIds = none ? [-1] : ids;

  const resellerId = Number(client.reseller_id);
  const [jobs, points, avs, health, thresholds, shares, downloads, exports, restores] = await Promise.all([
    db
      .selectFrom('job_history')
      .select(['system_id', 'status', 'started_at', 'ended_at'])
      .where('system_id', 'in', inIds)
      .where('kind', '=', 'Backup')
      .where('started_at', '>=', start)
      .where('started_at', '<', end)
      .orderBy('started_at')
      .execute(),
    db
      .selectFrom('restore_points')
      .select(['system_id', 'size_bytes'])
      .where('system_id', 'in', inIds)
      .where('taken_at', '>=', start)
      .where('taken_at', '<', end)
      .execute(),
    db
      .selectFrom('autoverify_results')
      .select(['system_id', 'kind', 'ended_at', 'status', 'result', 'screenshot_seed'])
      .where('system_id', 'in', inIds)
      .where('ended_at', '>=', start)
      .where('ended_at', '<', end)
      .orderBy('ended_at')
      .execute(),
    db
      .selectFrom('health_history')
      .select(['system_id', 'started_at', 'health'])
      .where('system_id', 'in', inIds)
      .where('started_at', '<', end)
      .orderBy('started_at')
      .execute(),
    db
      .selectFrom('thresholds')
      .select(['scope_kind', 'scope_id', 'kind', 'minutes', 'enabled'])
      .where((eb) =>
        eb.or([
          eb.and([eb('scope_kind', '=', 'reseller'), eb('scope_id', '=', Number(client.reseller_id))]),
          eb.and([eb('scope_kind', '=', 'client'), eb('scope_id', '=', clientId)]),
          eb.and([eb('scope_kind', '=', 'system'), eb('scope_id', 'in', inIds)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('cifs_shares as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select(['s.created_at', 's.system_id', 'u.name as user'])
      .where('s.client_id', '=', clientId)
      .where('s.created_at', '>=', start)
      .where('s.created_at', '<', end)
      .execute(),
    db
      .selectFrom('download_sessions as d')
      .leftJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.created_at', 'd.system_id', 'u.name as user'])
      .where('d.client_id', '=', clientId)
      .where('d.created_at', '>=', start)
      .where('d.created_at', '<', end)
      .execute(),
    // Exports over FTPS and restores to Azure, on their tenant indexes (reseller, client, time).
    db
      .selectFrom('ftps_exports as f')
      .leftJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.created_at', 'f.system_id', 'u.name as user'])
      .where('f.reseller_id', '=', resellerId)
      .where('f.client_id', '=', clientId)
      .where('f.created_at', '>=', start)
      .where('f.created_at', '<', end)
      .execute(),
    db
      .selectFrom('azure_jobs as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.created_at', 'a.system_id', 'u.name as user'])
      .where('a.reseller_id', '=', resellerId)
      .where('a.client_id', '=', clientId)
      .where('a.created_at', '>=', start)
      .where('a.created_at', '<', end)
      .execute(),
  ]);

  const group = <T extends { system_id: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) {
      const k = Number(r.system_id);
      const list = m.get(k);
      if (list) list.push(r);
      else m.set(k, [r]);
    }
    return m;
  };
  const jobsBy = group(jobs);
  const pointsBy = group(points);
  const avBy = group(avs);
  const healthBy = group(health);
  const rows = thresholds as unknown as ThresholdRow[];
  const names = new Map(systems.map((s) => [Number(s.id), s.name]));

  const facts: SystemFacts[] = systems.map((s) => {
    const id = Number(s.id);
    const js = jobsBy.get(id) ?? [];
    const ps = pointsBy.get(id) ?? [];
    const av = avBy.get(id) ?? [];
    const hs = healthBy.get(id) ?? [];
    const rpo = resolveThreshold(
      { id, client_id: Number(s.client_id), reseller_id: Number(s.reseller_id), device_type: s.device_type },
      rows,
    );
    // Each successful backup took a restore point when it ended; retention merges old points
    // later, so the ones kept today would understate a past period.
    const taken = js.filter((j) => j.status === 'COMPLETED').length;
    // The objective is judged from the health history, the record the dashboard and the device
    // page read: a system misses it while it is TROUBLED (no successful backup within its
    // threshold, contract health-rule.ts). Gaps between the job history's rows would not do:
    // the history keeps every run of the last days only, then a sample, and would call a
    // healthy month 'missed' (docs/decisions.md, 'Report evidence agrees with the dashboard').
    const overdue = troubledStretch(hs, Math.max(start, Number(s.created_at)), end, s.health_status);
    const lastAv = av.at(-1);
    return {
      id,
      name: s.name,
      deviceType: s.device_type,
      osName: s.os_name,
      osType: s.os_type,
      hostname: s.hostname,
      health: hs.at(-1)?.health ?? s.health_status,
      jobs: js.length,
      succeeded: js.filter((j) => j.status === 'COMPLETED').length,
      failed: js.filter((j) => j.status === 'FAILED' || j.status === 'MISSED').length,
      restorePoints: taken,
      growthBytes: ps.reduce((a, p) => a + Number(p.size_bytes), 0),
      usedBytes: Number(s.cloud_used_bytes) + Number(s.local_used_bytes),
      rpoMinutes: rpo,
      overdueMinutes: Math.round(overdue / 60_000),
      rpoMet: rpo === null ? null : overdue === 0,
      autoVerify: lastAv
        ? {
            kind: lastAv.kind,
            at: Number(lastAv.ended_at),
            status: lastAv.status,
            result: lastAv.result,
            screenshotSeed: lastAv.screenshot_seed === null ? null : Number(lastAv.screenshot_seed),
          }
        : null,
      autoVerifyRuns: av.length,
      autoVerifyPassed: av.filter((a) => a.status === 'success').length,
    };
  });

  const daily: ReportData['daily'] = [];
  for (let d = start; d < end; d += DAY_MS) {
    const counts = {
      day: new Date(d).toISOString().slice(0, 10),
      healthy: 0,
      warned: 0,
      troubled: 0,
      other: 0,
    };
    for (const s of systems) {
      if (Number(s.created_at) >= d + DAY_MS) continue;
      const hs = healthBy.get(Number(s.id)) ?? [];
      let h: string | null = null;
      for (const e of hs) {
        if (Number(e.started_at) >= d + DAY_MS) break;
        h = e.health;
      }
      h ??= s.health_status;
      if (HEALTHY.has(h)) counts.healthy++;
      else if (WARNED.has(h)) counts.warned++;
      else if (TROUBLED.has(h)) counts.troubled++;
      else counts.other++;
    }
    daily.push(counts);
  }

  const activity: RecoveryActivity[] = [
    ...shares.map((r) => ({
      at: Number(r.created_at),
      kind: 'Share' as const,
      id: r.system_id,
      user: r.user,
    })),
    ...downloads.map((r) => ({
      at: Number(r.created_at),
      kind: 'Download' as const,
      id: r.system_id,
      user: r.user,
    })),
    ...exports.map((r) => ({
      at: Number(r.created_at),
      kind: 'Export' as const,
      id: r.system_id,
      user: r.user,
    })),
    ...restores.map((r) => ({
      at: Number(r.created_at),
      kind: 'Restore to Azure' as const,
      id: r.system_id,
      user: r.user,
    })),
  ]
    .sort((a, b) => a.at - b.at)
    .map((a) => ({
      at: a.at,
      kind: a.kind,
      system: names.get(Number(a.id)) ?? `System ${a.id}`,
      user: a.user,
    }));

  return {
    clientName: client.clientName,
    resellerName: client.resellerName,
    from,
    to,
    systems: facts,
    daily,
    activity,
  };
}

/**
 * The longest stretch of [from, to) a system spent TROUBLED, from its health changes (oldest
 * first, all before `to`); a system without any is judged by its current health throughout.
 */
export function troubledStretch(
  changes: readonly { started_at: number; health: string }[],
  from: number,
  to: number,
  current: string,
): number {
  const list = changes.length > 0 ? changes : [{ started_at: from, health: current }];
  let longest = 0;
  list.forEach((c, i) => {
    if (c.health !== 'TROUBLED') return;
    const a = Math.max(from, Number(c.started_at));
    const b = Math.min(to, Number(list[i + 1]?.started_at ?? to));
    longest = Math.max(longest, b - a);
  });
  return longest;
}
