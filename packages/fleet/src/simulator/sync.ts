import type { SourceContents, SyncPort } from '@lifeboat/contract';
import type { SimDeps } from './deps';
import { intBetween } from './random';

// A simulated backup source (kind 'simulated'): two systems whose nightly snapshots, taken at
// 22:00 UTC over the past week, are derived from the source's location, so the same source read
// at the same time always holds the same points (no state kept). It lets the sync service and the
// sources' calls be used without a restic repository.

const DAY = 86_400_000;
const WEEK_DAYS = 7;
const SYSTEMS = [
  { suffix: 'SERVER', osType: 'WINDOWS' },
  { suffix: 'LAPTOP', osType: 'MAC_OS_X' },
] as const;

export function simulatedContents(location: string, now: number): SourceContents {
  const base =
    location
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toUpperCase() || 'SOURCE';
  const lastNight = Math.floor((now - 22 * 3_600_000) / DAY) * DAY + 22 * 3_600_000;
  return {
    systems: SYSTEMS.map(({ suffix, osType }) => ({
      name: `${base}-${suffix}`,
      osType,
      points: Array.from({ length: WEEK_DAYS }, (_, i) => {
        const takenAt = lastNight - (WEEK_DAYS - 1 - i) * DAY;
        const minutes = intBetween(3, 40, 'sync-dur', location, suffix, takenAt);
        return {
          externalId: `sim-${intBetween(0, 0x7fffffff, 'sync-id', location, suffix, takenAt).toString(16)}-${takenAt}`,
          takenAt,
          endedAt: takenAt + minutes * 60_000,
          sizeBytes: intBetween(50, 5_000, 'sync-size', location, suffix, takenAt) * 1_000_000,
          files: intBetween(100, 20_000, 'sync-files', location, suffix, takenAt),
        };
      }),
    })),
  };
}

export function createSimulatedSync(deps: Pick<SimDeps<'fleet'>, 'clock' | 'wait'>): SyncPort {
  return {
    read: async (source) => {
      // Reading a repository's index takes about a second.
      await deps.wait(1000);
      return simulatedContents(source.location, deps.clock.now());
    },
  };
}
