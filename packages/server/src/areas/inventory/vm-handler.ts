import { VM_ACTIONS } from '@lifeboat/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { OperationError } from '../../operations/errors';
import type { OperationHandler } from '../../operations/types';
import { VM_OPERATION } from './repository';
import { countersOf } from './service';

// The `inventory.vm` operation: the fabric acts on the VM, then the row takes its new state in
// the same fenced transaction that completes the operation (a re-run after a crash writes once).

export { VM_OPERATION };
export const vmInput = z.object({ systemId: z.number().int().positive(), action: z.enum(VM_ACTIONS) });

export function vmActionHandler(ctx: Pick<AppContext, 'dbh' | 'fabric'>): OperationHandler {
  return async ({ input, progress, complete }) => {
    const { systemId, action } = vmInput.parse(input);
    const sys = await ctx.dbh.db
      .selectFrom('protected_systems')
      .select(['id', 'name', 'appliance_id', 'sva_job_status'])
      .where('id', '=', systemId)
      .executeTakeFirst();
    if (!sys) throw new OperationError('This device no longer exists.');
    if (sys.sva_job_status === null) throw new OperationError(`${sys.name} has no virtual machine any more.`);
    const outcome = await ctx.fabric.vmAction(
      {
        systemId,
        systemName: sys.name,
        action,
        applianceId: sys.appliance_id === null ? null : Number(sys.appliance_id),
      },
      { report: progress },
    );
    const result = await complete(async (trx) => {
      await trx
        .updateTable('protected_systems')
        .set({
          sva_job_status: outcome.status,
          currently_running: outcome.status === 'Running' ? 1 : 0,
          stoppable: outcome.status === 'Running' && outcome.stoppable ? 1 : 0,
        })
        .where('id', '=', systemId)
        .execute();
      return { action, sva_job_status: outcome.status };
    });
    countersOf(ctx).clear();
    return result;
  };
}
