import { rowActions, SERVICE_GEN, VM_ACTION_LABELS, type VmAction } from '@lifeboat/contract';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError } from '../../http/errors';
import { lockSubject } from '../../operations/subject-lock';
import { type Actor, findInScope, parentOf, scoped } from '../../scope';
import { pendingVmActions, VM_OPERATION } from './repository';
import { countersOf } from './service';

// POST /devices/{start_vm|stop_vm|resume_vm|discard_vm}: the server's allowed-check (the same
// rules that build the menu, spec: inventory 4), then an operation on the fabric.

const STATE_WORDS = { Offline: 'offline', Running: 'running', Stopped: 'stopped' } as const;

export async function startVmAction(
  ctx: AppContext,
  actor: Actor,
  systemId: number,
  action: VmAction,
  ip: string,
): Promise<{ success: true; operation_id: number }> {
  const now = ctx.clock.now();
  const operationId = await ctx.dbh.db.transaction().execute(async (trx) => {
    const sys = await findInScope(trx, actor, 'protected_systems', systemId, 'This device');
    await lockSubject(trx, `${VM_OPERATION}:${systemId}`);
    const appliance =
      sys.appliance_id === null
        ? null
        : await scoped(trx, actor)
            .within(parentOf(sys, 'appliance', 'appliances'))
            .selectFrom('appliances')
            .select('online')
            .executeTakeFirst();
    const pending = (await pendingVmActions(scoped(trx, actor), [systemId])).get(systemId) ?? null;
    const label = VM_ACTION_LABELS[action].toLowerCase();
    if (sys.sva_job_status === null)
      throw new ConflictError(`${sys.name} has no virtual machine to ${label}.`);
    const localVm = await scoped(trx, actor)
      .selectFrom('local_vms')
      .select('id')
      .where('system_id', '=', systemId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(sys.service_gen) === SERVICE_GEN.FIRST && !localVm)
      throw new ConflictError(`Virtual machines of first-generation devices are managed on the appliance.`);
    if (appliance && Number(appliance.online) !== 1)
      throw new ConflictError(
        `The appliance of ${sys.name} is offline: its virtual machine cannot be changed now.`,
      );
    if (pending)
      throw new ConflictError(`Another action on the virtual machine of ${sys.name} is still in progress.`);
    const allowed = rowActions(
      {
        service_gen: Number(sys.service_gen),
        sva_job_status: sys.sva_job_status,
        has_appliance: sys.appliance_id === null ? 0 : 1,
        appliance_online: 1,
        stoppable: Number(sys.stoppable) === 1 ? 1 : 0,
        vm_busy: false,
        can_recover: false,
        local_vm: Boolean(localVm),
      },
      true,
    );
    if (!allowed.includes(action)) {
      throw new ConflictError(
        `The virtual machine of ${sys.name} is ${STATE_WORDS[sys.sva_job_status]}: it cannot be asked to ${label}.`,
      );
    }
    const id = await ctx.operations.enqueue(trx, {
      kind: VM_OPERATION,
      input: { systemId, action },
      resellerId: Number(sys.reseller_id),
      clientId: Number(sys.client_id),
      subjectType: 'protected_system',
      subjectId: systemId,
      createdBy: actor.userId,
      maxAttempts: 3,
    });
    await audit(trx, now, {
      actor,
      action: `inventory.${action}`,
      targetType: 'protected_system',
      targetId: systemId,
      details: { operation_id: id, name: sys.name, from: sys.sva_job_status },
      ip,
    });
    return id;
  });
  countersOf(ctx).clear();
  ctx.operations.wake();
  return { success: true, operation_id: operationId };
}
