import { BACKUP_ERRORS, LINUX_BACKUP_ERRORS, NAS_BACKUP_ERRORS } from './catalog';
import type { FleetTotals } from './clients';
import type { GenContext } from './context';
import { shortCode } from './naming';
import { type ClientPlan, DAY, MINUTE, type ResellerPlan } from './plan-types';
import { writeAutoverify, writeRestorePoints } from './points';
import { hash32, Rng } from './rng';
import { writeRuns } from './runs';
import { episodesFor, fitInterval, thresholdFor } from './story';
import { drawGeo, drawLocalCache, jobsFor, type Storage } from './system-extras';
import type { SystemSpec } from './system-spec';
import { healthTimeline } from './timeline';

// One protected system: its jobs, job history, restore points, health segments, AutoVerify
// results, vault links and finally its own row, whose summary columns agree with all of those.

const add = (m: Map<number, number>, k: number, v: number) => m.set(k, (m.get(k) ?? 0) + v);

export function writeSystem(
  ctx: GenContext,
  totals: FleetTotals,
  reseller: ResellerPlan,
  client: ClientPlan,
  drawn: SystemSpec,
  storage: Storage,
  linkedPrivate: boolean,
  applianceId: number | null,
  applianceTotal: number,
): void {
  const { sink, ids, now, counts } = ctx;
  const id = ids.next('protected_systems');
  const rng = new Rng(hash32(ctx.seed, 'system', id));
  const seed = hash32(ctx.seed, 'system-seed', id) & 0x7fffffff;
  const kind = drawn.deviceType === 'workstation' ? 'workstation' : 'server';
  const threshold = thresholdFor(ctx, totals.thresholds, rng, reseller.id, client.id, id, kind);
  const spec: SystemSpec = { ...drawn, intervalMinutes: fitInterval(drawn.intervalMinutes, threshold) };
  const windowStart = now - counts.historyDays * DAY;
  const jobs = jobsFor(rng, spec, seed).map((j) => ({ ...j, id: ids.next('jobs') }));
  for (const j of jobs)
    sink.add('jobs', {
      id: j.id,
      system_id: id,
      name: j.name,
      type: j.type,
      drives: JSON.stringify(j.drives),
      enabled: 1,
    });

  const parkedAt =
    spec.profile === 'parked' ? Math.max(spec.createdAt + DAY, now - rng.int(5, 40) * DAY) : null;
  const anchor = now + rng.int(1, spec.intervalMinutes) * MINUTE;
  const hasCloud = !spec.vaultOnly;
  const offlineSince =
    now - (2 + (hash32(applianceId ?? 0, 'offline') % 5)) * DAY - (hash32(applianceId ?? 0) % 600) * MINUTE;
  const errors =
    spec.osType === 'NAS' ? NAS_BACKUP_ERRORS : spec.osType === 'LINUX' ? LINUX_BACKUP_ERRORS : BACKUP_ERRORS;
  const episodes = episodesFor(rng, spec, now, windowStart, threshold * MINUTE, offlineSince);
  const runs =
    jobs.length === 0
      ? { events: [], completed: [], lastStatus: null, denseFrom: now }
      : writeRuns(rng.fork('runs'), sink, ids, {
          systemId: id,
          now,
          windowStart,
          createdAt: spec.createdAt,
          intervalMinutes: spec.intervalMinutes,
          // The count is a fleet average: new, parked and job-less systems have less history, so
          // the others carry a little more.
          target: Math.round(counts.jobHistoryPerSystem * 1.07),
          hasCloud,
          jobIds: jobs.map((j) => j.id),
          nextBackupAt: anchor,
          endAt: parkedAt ?? now,
          runningNow:
            (spec.profile === 'healthy' && rng.chance(0.03)) ||
            (spec.profile === 'nodata' && rng.chance(0.5)),
          neverSucceeds: spec.profile === 'nodata',
          episodes,
          protectedBytes: spec.protectedBytes,
          errors,
        });

  const sva =
    applianceId === null || spec.deviceType === 'nas'
      ? null
      : rng.weighted<'Running' | 'Stopped' | 'Offline' | null>([
          [null, 93],
          ['Running', 3],
          ['Stopped', 2],
          ['Offline', 2],
        ]);
  const startAt = Math.max(windowStart, spec.createdAt);
  const timeline = healthTimeline({
    startAt,
    priorRpAt:
      jobs.length > 0 && spec.createdAt < windowStart
        ? windowStart - (spec.intervalMinutes * MINUTE) / 2
        : null,
    hasJobs: jobs.length > 0,
    thresholdMinutes: threshold,
    intervalMinutes: spec.intervalMinutes,
    events: runs.events,
    episodes,
    denseFrom: runs.denseFrom,
    parkedAt,
    now,
  });
  // Old history is a sample: the newest restore point may be a backup the sample left out.
  const completed = [...runs.completed];
  const recorded = completed[completed.length - 1]?.takenAt ?? null;
  const mainJob = jobs[0];
  if (
    mainJob &&
    timeline.lastRpAt !== null &&
    timeline.lastRpAt >= startAt &&
    (recorded === null || timeline.lastRpAt > recorded)
  ) {
    const size = completed[completed.length - 1]?.size ?? Math.round(spec.protectedBytes * 0.01);
    completed.push({ takenAt: timeline.lastRpAt, jobId: mainJob.id, size });
  }
  const points = writeRestorePoints(
    rng.fork('points'),
    sink,
    ids,
    {
      systemId: id,
      now,
      target: counts.restorePointsPerSystem,
      behindAppliance: applianceId !== null,
      hasCloud,
      cloudVaultId: reseller.cloudVaultId,
      privateVaultId: reseller.privateVaultId,
      vaultOnly: spec.vaultOnly,
      inUseRate: sva === 'Running' || sva === 'Stopped' ? 0.15 : 0.004,
    },
    completed,
  );
  const lastRpAt = points.length > 0 ? (points[points.length - 1] as { takenAt: number }).takenAt : null;

  for (const s of timeline.segments) {
    sink.add('health_history', {
      id: ids.next('health_history'),
      system_id: id,
      started_at: s.startedAt,
      health: s.health,
      reason: s.reason,
      description: s.description,
    });
  }
  totals.daily.add(reseller.id, spec.createdAt, timeline.segments);
  if (spec.osType !== 'NAS') {
    const nights =
      counts.autoverifyPerSystem <= 3
        ? rng.int(Math.max(1, counts.autoverifyPerSystem - 1), counts.autoverifyPerSystem + 1)
        : counts.autoverifyPerSystem;
    writeAutoverify(
      rng.fork('av'),
      sink,
      ids,
      { systemId: id, systemSeed: seed, now, nights, osType: spec.osType, createdAt: spec.createdAt },
      points,
    );
  }

  const vaults = [
    ...(hasCloud ? [reseller.cloudVaultId] : []),
    ...(linkedPrivate && reseller.privateVaultId !== null ? [reseller.privateVaultId] : []),
  ];
  for (const v of vaults) sink.add('system_vaults', { system_id: id, vault_id: v });
  add(totals.cloudByReseller, reseller.id, storage.cloudUsed);
  add(totals.vaultUsed, reseller.cloudVaultId, storage.cloudUsed);
  if (reseller.privateVaultId !== null) add(totals.vaultUsed, reseller.privateVaultId, storage.privateUsed);

  const current = timeline.current;
  const last = timeline.segments[timeline.segments.length - 1];
  const name = spec.hostname;
  sink.add('protected_systems', {
    id,
    reseller_id: reseller.id,
    client_id: client.id,
    appliance_id: applianceId,
    name,
    name_lc: name.toLowerCase(),
    hostname: spec.hostname,
    device_type: spec.deviceType,
    os_type: spec.osType,
    os_name: spec.osName,
    service_gen: spec.gen,
    is_d2c: spec.gen === 4 && applianceId === null && !spec.vaultOnly ? 1 : 0,
    vault_only: spec.vaultOnly ? 1 : 0,
    password_protected: spec.passwordProtected ? 1 : 0,
    password_hash: spec.passwordProtected ? ctx.passwordHash : null,
    agent_version: spec.agentVersion,
    need_update: spec.needUpdate ? 1 : 0,
    package_name: spec.packageName,
    license_name: spec.licenseName,
    health_status: current.health,
    health_reason: current.health === 'NORMAL' ? null : current.description,
    health_changed_at: last?.startedAt ?? startAt,
    parked: parkedAt === null ? 0 : 1,
    last_rp_at: lastRpAt,
    last_job_status: runs.lastStatus,
    // Parked and job-less systems have nothing scheduled; a year out keeps the column NOT NULL.
    next_backup_at: parkedAt !== null || jobs.length === 0 ? now + 365 * DAY : anchor,
    backup_interval_minutes: spec.intervalMinutes,
    sva_job_status: sva,
    currently_running: sva === 'Running' ? 1 : 0,
    stoppable: sva === 'Running' && spec.gen === 4 ? 1 : 0,
    ...drawGeo(rng, spec, hasCloud, lastRpAt),
    ...drawLocalCache(rng, spec, storage.cacheEnabled, now, shortCode(client.name)),
    pool_used_bytes: applianceId === null ? 0 : storage.localUsed,
    local_used_bytes: storage.localUsed,
    local_total_bytes: applianceId === null ? storage.localTotal : applianceTotal,
    cloud_used_bytes: storage.cloudUsed,
    private_vault_used_bytes: storage.privateUsed,
    seed,
    created_at: spec.createdAt,
  });
  totals.systems++;
}
