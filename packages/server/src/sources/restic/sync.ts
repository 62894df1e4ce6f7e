import {
  FabricError,
  type SourceAccess,
  type SourceContents,
  type SourceSystem,
  type SyncPort,
} from '@lifeboat/contract';
import { checkRepository } from './check';
import { type Repository, ResticError } from './cli';
import { checkLocation, LocationError, type LocationPolicy } from './location';
import { bySystem, openRepository, type ResticSnapshot } from './snapshots';

// restic as the sync port's second implementation (issue 25.3): each system is a snapshot's host
// (or its lifeboat-system tag), each snapshot a restore point and the successful job that made it.
// The location is checked again at every read, so an operator who narrows LIFEBOAT_RESTIC_ROOTS
// stops the syncs of repositories now outside them.

export interface ResticSyncOptions {
  policy: LocationPolicy;
  /** restic's own cache folder, so each sync does not start cold. */
  cacheDir?: string;
}

/** Windows paths as restic records them ("C:\\Users" or "/C/Users"), macOS home folders. */
function osOf(snapshots: readonly ResticSnapshot[]): SourceSystem['osType'] {
  const paths = snapshots.flatMap((s) => s.paths);
  if (paths.some((p) => /^[A-Za-z]:[\\/]|^\/[A-Za-z]\//.test(p))) return 'WINDOWS';
  if (paths.some((p) => p.startsWith('/Users/'))) return 'MAC_OS_X';
  return 'LINUX';
}

export function contentsOf(snapshots: readonly ResticSnapshot[]): SourceContents {
  return {
    systems: [...bySystem(snapshots)].map(([name, list]) => ({
      name,
      osType: osOf(list),
      points: list.map((s) => ({
        externalId: s.id,
        takenAt: s.takenAt,
        endedAt: s.summary && s.summary.endedAt > 0 ? s.summary.endedAt : null,
        sizeBytes: s.summary?.bytes ?? 0,
        files: s.summary ? s.summary.files : null,
      })),
    })),
  };
}

export function createResticSync(opts: ResticSyncOptions): SyncPort {
  // The sentence is what the source's page and its failed job say; the next run retries.
  const sentenced = async <T>(source: SourceAccess, work: (repo: Repository) => Promise<T>): Promise<T> => {
    try {
      const location = checkLocation(source.location, opts.policy);
      return await work({ location, password: source.password, env: source.env, cacheDir: opts.cacheDir });
    } catch (err) {
      if (err instanceof ResticError || err instanceof LocationError)
        throw new FabricError('FAILED', err.message);
      throw err;
    }
  };
  return {
    read: (source) => sentenced(source, async (repo) => contentsOf(await openRepository(repo))),
    check: (source, readPercent) =>
      sentenced(source, async (repo) => {
        const r = await checkRepository(repo, readPercent);
        return { ok: r.ok, sentence: r.summary };
      }),
  };
}
