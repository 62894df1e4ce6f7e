import { FabricError } from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { OperationError } from '../../operations/errors';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';
import { countersOf } from '../inventory/service';
import type { LOCAL_VM_OPERATION } from './service';
import { subjectOf } from './subject';

// The `virtualization.local_vm` operation (spec: recovery-flow 4 'Local VM start'): the appliance
// boots the VM; the local VM and the device's virtualized state (inventory 3) are written in the
// fenced transaction that completes it. A refusal marks the local VM failed with the message.

const WHY = 'the local VM worker runs an operation queued in scope';

export function localVmHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'clock'>,
): HandlerFor<typeof LOCAL_VM_OPERATION> {
  return async ({ input, progress, complete }) => {
    const db = ctx.dbh.db;
    const vm = await unscoped(db, WHY)
      .selectFrom('local_vms')
      .selectAll()
      .where('id', '=', input.localVmId)
      .executeTakeFirst();
    if (!vm) throw new OperationError('This virtual machine no longer exists.');
    const system = await unscoped(db, WHY)
      .selectFrom('protected_systems')
      .selectAll()
      .where('id', '=', vm.system_id)
      .executeTakeFirst();
    if (!system) throw new OperationError('This device no longer exists.');
    const appliance = await unscoped(db, WHY)
      .selectFrom('appliances')
      .select('name')
      .where('id', '=', vm.appliance_id)
      .executeTakeFirst();
    const fail = async (message: string) => {
      await unscoped(db, WHY)
        .updateTable('local_vms')
        .set({ status: 'failed', error: message, ended_at: ctx.clock.now() })
        .where('id', '=', vm.id)
        .where('status', '=', 'starting')
        .execute();
      return new OperationError(message);
    };
    let outcome: Awaited<ReturnType<typeof ctx.ports.virtualization.startLocalVm>>;
    try {
      outcome = await ctx.ports.virtualization.startLocalVm(
        {
          subject: subjectOf(system, null, vm),
          restorePointId: Number(vm.restore_point_id),
          vmSizeMb: vm.memory_mb,
          vmCpus: vm.cpus,
          useVNC: Number(vm.use_vnc) === 1,
          testIpAddress: vm.test_ip,
          useCurrentAddress: Number(vm.use_current_address) === 1,
          isTest: Number(vm.is_test) === 1,
          applianceName: appliance?.name ?? '',
        },
        { report: progress },
      );
    } catch (err) {
      if (err instanceof FabricError) throw await fail(err.message);
      throw err;
    }
    const status = outcome.status ?? 'Running';
    const result = await complete(async (trx) => {
      await unscoped(trx, WHY)
        .updateTable('local_vms')
        .set({
          status: 'running',
          started_at: ctx.clock.now(),
          ip_address: outcome.ipAddress,
          vnc_address: outcome.vncAddress,
        })
        .where('id', '=', vm.id)
        .execute();
      await unscoped(trx, WHY)
        .updateTable('protected_systems')
        .set({
          sva_job_status: status,
          currently_running: status === 'Running' ? 1 : 0,
          stoppable: status === 'Running' && outcome.stoppable ? 1 : 0,
        })
        .where('id', '=', vm.system_id)
        .execute();
      return { sva_job_status: status };
    });
    countersOf(ctx).clear();
    return result;
  };
}
