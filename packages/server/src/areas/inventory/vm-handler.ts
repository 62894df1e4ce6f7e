import type { AppContext } from '../../context';
import { OperationError } from '../../operations/errors';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';
import { VM_OPERATION } from './repository';
import { countersOf } from './service';

// The `inventory.vm` operation: the fabric acts on the VM, then the row takes its new state in
// the same fenced transaction that completes the operation (a re-run after a crash writes once).

export { VM_OPERATION };

export function vmActionHandler(ctx: Pick<AppContext, 'dbh' | 'ports'>): HandlerFor<typeof VM_OPERATION> {
  return async ({ input, progress, complete, clock }) => {
    const { systemId, action } = input;
    const sys = await unscoped(ctx.dbh.db, 'the VM worker runs an operation queued in scope')
      .selectFrom('protected_systems')
      .select(['id', 'name', 'appliance_id', 'sva_job_status'])
      .where('id', '=', systemId)
      .executeTakeFirst();
    if (!sys) throw new OperationError('This device no longer exists.');
    if (sys.sva_job_status === null) throw new OperationError(`${sys.name} has no virtual machine any more.`);
    const outcome = await ctx.ports.virtualization.vmAction(
      {
        systemId,
        systemName: sys.name,
        action,
        applianceId: sys.appliance_id === null ? null : Number(sys.appliance_id),
      },
      { report: progress },
    );
    const result = await complete(async (trx) => {
      await unscoped(trx, 'the VM worker runs an operation queued in scope')
        .updateTable('protected_systems')
        .set({
          sva_job_status: outcome.status,
          currently_running: outcome.status === 'Running' ? 1 : 0,
          stoppable: outcome.status === 'Running' && outcome.stoppable ? 1 : 0,
        })
        .where('id', '=', systemId)
        .execute();
      // A discarded VM the wizard started on the appliance has ended (virtualization area).
      if (outcome.status === null)
        await unscoped(trx, 'the VM worker runs an operation queued in scope')
          .updateTable('local_vms')
          .set({ status: 'ended', ended_at: clock.now() })
          .where('system_id', '=', systemId)
          .where('status', 'in', ['starting', 'running'])
          .execute();
      return { action, sva_job_status: outcome.status };
    });
    countersOf(ctx).clear();
    return result;
  };
}
