import { FabricError } from '@lifeboat/contract';
import type { AppContext } from '../../context';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';

// Operations of the azure area (operations/README.md 'Kinds'): azure.restore copies a restore
// point's disks into the storage account through the Azure port, writing its progress on the
// azure_jobs row as it goes. A cancelled job (cancel_azure_job) stops taking progress and its
// outcome is dropped: every write below is conditional on the row still running.

export const AZURE_RESTORE = 'azure.restore';
const WHY = 'the Azure workers run restores of every tenant';

export function azureRestoreHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports'>,
): HandlerFor<typeof AZURE_RESTORE> {
  return async ({ input, progress, complete, clock }) => {
    const db = ctx.dbh.db;
    const j = await unscoped(db, WHY)
      .selectFrom('azure_jobs as j')
      .innerJoin('protected_systems as s', 's.id', 'j.system_id')
      .select([
        'j.id',
        'j.status',
        'j.system_name',
        'j.restore_point_id',
        'j.rp_taken_at',
        'j.subscription_id',
        'j.resource_group_name',
        'j.storage_account_name',
        'j.storage_account_region',
        's.id as system_id',
        's.seed',
        's.os_type',
        's.device_type',
        's.hostname',
      ])
      .where('j.id', '=', input.id)
      .executeTakeFirst();
    if (j?.status !== 'running') return { skipped: 'not running' };
    const running = () =>
      unscoped(db, WHY).updateTable('azure_jobs').where('id', '=', j.id).where('status', '=', 'running');
    let outcome: Awaited<ReturnType<typeof ctx.ports.azure.runRestore>>;
    try {
      outcome = await ctx.ports.azure.runRestore(
        {
          jobId: Number(j.id),
          systemName: j.system_name,
          point: {
            systemId: Number(j.system_id),
            applianceId: null,
            restorePointId: Number(j.restore_point_id),
            takenAt: Number(j.rp_taken_at),
            seed: Number(j.seed),
            osType: j.os_type,
            deviceType: j.device_type,
            hostname: j.hostname,
          },
          subscriptionId: j.subscription_id,
          resourceGroupName: j.resource_group_name,
          storageAccountName: j.storage_account_name,
          storageAccountRegion: j.storage_account_region,
        },
        {
          report: async (pct, step) => {
            await progress(pct, step as never);
            await running()
              .set({ percent: Math.round(pct), step: step ?? null })
              .execute();
          },
        },
      );
    } catch (err) {
      if (!(err instanceof FabricError)) throw err;
      return complete(async (trx) => {
        const r = await unscoped(trx, WHY)
          .updateTable('azure_jobs')
          .set({ status: 'failed', error: err.message, finished_at: clock.now() })
          .where('id', '=', j.id)
          .where('status', '=', 'running')
          .executeTakeFirst();
        return Number(r.numUpdatedRows) > 0
          ? { status: 'failed' as const, error: err.message }
          : { status: 'cancelled' as const, error: null };
      });
    }
    return complete(async (trx) => {
      const r = await unscoped(trx, WHY)
        .updateTable('azure_jobs')
        .set({
          status: 'completed',
          percent: 100,
          step: 'Restored to Azure',
          disk_urls: JSON.stringify(outcome.diskUrls),
          finished_at: clock.now(),
        })
        .where('id', '=', j.id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0
        ? { status: 'completed' as const, disk_urls: outcome.diskUrls }
        : { status: 'cancelled' as const, error: null };
    });
  };
}

export function registerAzureHandlers(ctx: AppContext): void {
  ctx.operations.register(AZURE_RESTORE, azureRestoreHandler(ctx));
}
