import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { OperationError } from '../../operations/errors';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';

// The `autoverify.run` operation (spec: dashboard-device-azure 4 'AutoVerify modal and run'):
// verify the system's latest restore point through the fabric and record the result.

export const AUTOVERIFY_RUN = 'autoverify.run';

async function latestRestorePoint(db: Kysely<Database>, systemId: number) {
  return unscoped(db, 'the AutoVerify worker runs an operation queued in scope')
    .selectFrom('restore_points')
    .select(['id', 'taken_at'])
    .where('system_id', '=', systemId)
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function autoVerifyHandler(ctx: Pick<AppContext, 'dbh' | 'ports'>): HandlerFor<typeof AUTOVERIFY_RUN> {
  return async ({ input, progress, complete }) => {
    const { systemId } = input;
    const db = ctx.dbh.db;
    const sys = await unscoped(db, 'the AutoVerify worker runs an operation queued in scope')
      .selectFrom('protected_systems')
      .select(['id', 'name', 'os_type', 'appliance_id'])
      .where('id', '=', systemId)
      .executeTakeFirst();
    if (!sys) throw new OperationError('This protected system no longer exists.');
    const rp = await latestRestorePoint(db, systemId);
    if (!rp) throw new OperationError('This system has no restore point to verify yet.');

    // Re-running the fabric after a crash is harmless; what must happen once is the result row,
    // so it is written in the same fenced transaction that completes the operation.
    const outcome = await ctx.ports.autoverify.runAutoVerify(
      {
        systemId,
        systemName: sys.name,
        osType: sys.os_type,
        restorePointId: Number(rp.id),
        restorePointAt: Number(rp.taken_at),
        applianceId: sys.appliance_id === null ? null : Number(sys.appliance_id),
      },
      { report: progress },
    );
    return complete(async (trx) => {
      const row = await unscoped(trx, 'the AutoVerify worker runs an operation queued in scope')
        .insertInto('autoverify_results')
        .values({
          system_id: systemId,
          restore_point_id: Number(rp.id),
          rp_taken_at: Number(rp.taken_at),
          started_at: outcome.startedAt,
          ended_at: outcome.endedAt,
          status: outcome.status,
          result: outcome.result,
          heartbeat: outcome.heartbeat ? 1 : 0,
          boot_check: outcome.bootCheck,
          vss_status: outcome.vssStatus,
          chkdsk_status: outcome.chkdskStatus,
          advanced_mode: 0,
          screenshot_seed: outcome.screenshotSeed,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { autoverify_result_id: Number(row.id), status: outcome.status };
    });
  };
}
