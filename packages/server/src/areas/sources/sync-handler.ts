import type { AppContext } from '../../context';
import { nextRunAt, putSchedule } from '../../operations/scheduler';
import type { Db, HandlerFor } from '../../operations/types';
import { syncSource } from '../../sources/sync-service';

// The sync of a backup source is an operation (issue 25.3): each source has its schedule
// ('source-sync:<id>', every sync_interval_minutes), and "Sync now" starts a run of the same kind.
// While a run of a source is queued or running its schedule starts no other (scheduler.ts), and
// "Sync now" answers the run in flight instead of starting a second one (service.ts). Its write is
// the operation's fenced completion, so a worker that dies after reading writes nothing and the
// next run completes the sync. The repository check runs inside the same run when
// it is due (every check_interval_hours), so it shares the one-run-at-a-time rule: the console
// never runs two restic commands against one repository at once.

export const SOURCE_SYNC = 'sources.sync';
const PREFIX = 'source-sync:';
export const syncScheduleKey = (sourceId: number) => `${PREFIX}${sourceId}`;

interface StoredInput {
  sourceId: number;
  everyMs: number;
}

/** Create or move a source's schedule: its next run one interval after `from`. */
export async function scheduleSync(db: Db, sourceId: number, minutes: number, from: number, now: number) {
  const everyMs = minutes * 60_000;
  const input: StoredInput = { sourceId, everyMs };
  await putSchedule(
    db,
    { key: syncScheduleKey(sourceId), kind: SOURCE_SYNC, input, nextRunAt: from + everyMs },
    now,
  );
}

export function sourceSyncHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'clock' | 'config'>,
): HandlerFor<typeof SOURCE_SYNC> {
  return async ({ input, progress, complete }) => {
    await progress(10, 'Reading the repository');
    const result = await syncSource(
      ctx,
      input.sourceId,
      (work) =>
        complete(async (trx) => {
          const o = await work(trx);
          if (!o) return { skipped: 'The source was removed.' };
          return {
            status: o.ok ? ('ok' as const) : ('failed' as const),
            sentence: o.sentence,
            systems_added: o.systemsAdded,
            points_added: o.pointsAdded,
            points_removed: o.pointsRemoved,
            ...(o.check
              ? {
                  check: {
                    status: o.check.ok ? ('ok' as const) : ('failed' as const),
                    sentence: o.check.sentence,
                  },
                }
              : {}),
          };
        }),
      () => progress(50, 'Checking the repository'),
    );
    return result ?? complete(async () => ({ skipped: 'The source was removed.' }));
  };
}

export function registerSourceSync(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'clock' | 'config' | 'operations'>,
) {
  ctx.operations.register(SOURCE_SYNC, sourceSyncHandler(ctx));
  ctx.operations.everyOf({
    prefix: PREFIX,
    kind: SOURCE_SYNC,
    input: (stored) => ({ sourceId: (stored as StoredInput).sourceId }),
    next: (stored, slotAt, now) => nextRunAt(slotAt, (stored as StoredInput).everyMs, now),
  });
}
