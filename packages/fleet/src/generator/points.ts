import type { IdCounter } from './context';
import { DAY, HOUR, MINUTE } from './plan-types';
import { hash32, type Rng } from './rng';
import type { CompletedBackup } from './runs';
import type { Sink } from './sink';

// Restore points (a retention-like subset of the completed backups: every recent one, then a
// thinning sample back through the window) and the nightly AutoVerify results that boot them.

export interface PointsPlan {
  systemId: number;
  now: number;
  target: number;
  behindAppliance: boolean;
  hasCloud: boolean;
  cloudVaultId: number | null;
  privateVaultId: number | null;
  vaultOnly: boolean;
  /** Probability that a point is held by a share, VM or export right now. */
  inUseRate: number;
}

export interface PointRef {
  id: number;
  takenAt: number;
}

export function writeRestorePoints(
  rng: Rng,
  sink: Sink,
  ids: IdCounter,
  plan: PointsPlan,
  completed: readonly CompletedBackup[],
): PointRef[] {
  const n = completed.length;
  const keep = Math.min(n, plan.target);
  const recent = Math.min(keep, Math.ceil(keep * 0.6));
  const chosen: CompletedBackup[] = [];
  const older = keep - recent;
  const pool = n - recent;
  for (let j = 0; j < older; j++) chosen.push(completed[Math.floor((j * pool) / older)] as CompletedBackup);
  for (let k = n - recent; k < n; k++) chosen.push(completed[k] as CompletedBackup);
  const out: PointRef[] = [];
  for (const c of chosen) {
    const age = plan.now - c.takenAt;
    // Replication reaches the cloud a little after the snapshot.
    const inCloud = plan.hasCloud && (age > 3 * HOUR || rng.chance(0.4));
    const vaultId = plan.vaultOnly ? plan.privateVaultId : inCloud ? plan.cloudVaultId : null;
    const id = ids.next('restore_points');
    sink.add('restore_points', {
      id,
      system_id: plan.systemId,
      job_id: c.jobId,
      taken_at: c.takenAt,
      is_local: plan.behindAppliance && age < 60 * DAY ? 1 : 0,
      is_cloud: inCloud ? 1 : 0,
      vault_id: vaultId,
      scheduled: rng.chance(0.97) ? 1 : 0,
      in_use: rng.chance(plan.inUseRate) ? 1 : 0,
      size_bytes: c.size,
    });
    out.push({ id, takenAt: c.takenAt });
  }
  return out;
}

export interface VerifyPlan {
  systemId: number;
  systemSeed: number;
  now: number;
  nights: number;
  osType: string;
  createdAt: number;
}

type Failure = readonly ['boot' | 'chkdsk' | 'vss', string];

const LINUX_FAILURES: readonly Failure[] = [
  ['boot', 'The virtual machine stopped at the GRUB rescue prompt: unknown filesystem'],
  ['chkdsk', 'fsck found errors on /dev/sda2: inode 1835021 has an invalid extent'],
  ['boot', 'Kernel panic - not syncing: VFS: unable to mount root fs on unknown-block(0,0)'],
];

const WINDOWS_FAILURES: readonly Failure[] = [
  ['boot', 'The virtual machine did not boot: INACCESSIBLE_BOOT_DEVICE (0x0000007B)'],
  ['boot', 'No heartbeat within 15 minutes: the VM stopped at "Preparing Automatic Repair"'],
  ['chkdsk', 'CHKDSK found 3 errors on volume C: (file record segment 48211 is unreadable)'],
  ['vss', "VSS writer 'SqlServerWriter' reported a failed state in the restored system"],
];

export function writeAutoverify(
  rng: Rng,
  sink: Sink,
  ids: IdCounter,
  plan: VerifyPlan,
  points: readonly PointRef[],
): number {
  if (points.length === 0 || plan.nights <= 0) return 0;
  const today = Math.floor(plan.now / DAY) * DAY;
  const linux = plan.osType === 'LINUX';
  const runs: Array<[number, PointRef]> = [];
  for (let night = 0; runs.length < plan.nights && night < plan.nights + 3; night++) {
    const start = today - night * DAY + 2 * HOUR + rng.int(0, 150) * MINUTE;
    if (start > plan.now - 30 * MINUTE || start < plan.createdAt) continue;
    let rp: PointRef | null = null;
    for (const p of points) if (p.takenAt <= start) rp = p;
    if (rp) runs.push([start, rp]);
  }
  runs.reverse();
  for (const [start, rp] of runs) {
    const ok = rng.chance(0.88);
    const [mode, message]: readonly [string, string] = ok
      ? ['none', '']
      : rng.pick(linux ? LINUX_FAILURES : WINDOWS_FAILURES);
    const booted = mode !== 'boot';
    sink.add('autoverify_results', {
      id: ids.next('autoverify_results'),
      system_id: plan.systemId,
      restore_point_id: rp.id,
      rp_taken_at: rp.takenAt,
      started_at: start,
      ended_at: start + rng.int(6, 28) * MINUTE,
      status: ok ? 'success' : 'failure',
      result: ok ? 'The system booted, answered the heartbeat and passed every check' : message,
      heartbeat: booted ? 1 : 0,
      boot_check: booted ? 'Passed' : 'Failed',
      vss_status: linux ? 'Not applicable' : mode === 'vss' ? 'Failed' : 'Passed',
      chkdsk_status: mode === 'chkdsk' ? 'Failed' : booted ? 'Passed' : 'Not run',
      advanced_mode: rng.chance(0.2) ? 1 : 0,
      // Some failed boots never reached a screen; a rare success lost its capture.
      screenshot_seed: (booted ? rng.chance(0.03) : rng.chance(0.35))
        ? null
        : hash32(plan.systemSeed, start) & 0x7fffffff,
    });
  }
  return runs.length;
}
