import { FabricError, type FailoverMachine, type FailoverRequest } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';
import { FAILOVER_START, FAILOVER_STOP, FAILOVER_SWEEP } from './start';

// Operations of the failover area (operations/README.md 'Kinds'; issue 16.3):
// - failover.start: the fabric builds the office and boots its systems in runbook order; each
//   system's state and address is written as it boots; faults failover_failed, runbook_failed
//   (vo_error) and appliance_offline end it in 'failed' with the fabric's sentence;
// - failover.stop: the fabric discards the office (a person's stop or the auto-stop);
// - failover.sweep, a schedule: stops the test offices whose auto-stop time has come and expires
//   the approvals no one gave in time.

const WHY = 'the failover workers run offices of every tenant';
export const FAILOVER_SWEEP_MS = 30_000;
const TEST_STATE = 'FAILOVER_TEST_VM_RUNNING';

// Start and stop both read the failover by id and hand the fabric the same request built from
// its row; stop sends no machines since the fabric discards the whole office.
const failoverRow = (db: Kysely<Database>, id: number) =>
  unscoped(db, WHY).selectFrom('failovers').selectAll().where('id', '=', id).executeTakeFirst();

function requestOf(
  f: Selectable<Database['failovers']>,
  clientName: string,
  machines: FailoverMachine[],
): FailoverRequest {
  return {
    failoverId: Number(f.id),
    clientId: Number(f.client_id),
    clientName,
    type: f.type,
    location: f.vo_type,
    applianceId: f.appliance_id === null ? null : Number(f.appliance_id),
    machines,
    gateway: f.gateway,
    netmask: f.netmask,
  };
}

export function failoverStartHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports'>,
): HandlerFor<typeof FAILOVER_START> {
  return async ({ input, progress, complete, clock }) => {
    const db = ctx.dbh.db;
    const f = await failoverRow(db, input.failoverId);
    if (f?.phase !== 'new') return { skipped: 'not new' };
    const client = await unscoped(db, WHY)
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', f.client_id)
      .executeTakeFirst();
    const systems = await unscoped(db, WHY)
      .selectFrom('failover_systems')
      .selectAll()
      .where('failover_id', '=', f.id)
      .orderBy('group_no')
      .orderBy('position')
      .execute();
    const machines: FailoverMachine[] = systems.map((s) => ({
      systemId: Number(s.system_id),
      systemName: s.name,
      osType: s.os_type,
      applianceId: null,
      restorePointId: s.restore_point_id === null ? null : Number(s.restore_point_id),
      group: Number(s.group_no),
      delaySeconds: Number(s.delay_seconds),
      ipAddress: s.requested_ip ?? '',
    }));
    const setSystem = (
      systemId: number,
      values: { state: 'booting' | 'running'; ip_address?: string; started_at?: number },
    ) =>
      unscoped(db, WHY)
        .updateTable('failover_systems')
        .set(values)
        .where('failover_id', '=', f.id)
        .where('system_id', '=', systemId)
        .execute();
    const report = {
      report: async (percent: number, step?: string) => {
        await unscoped(db, WHY)
          .updateTable('failovers')
          .set({ percent: Math.round(percent), step: step ?? null })
          .where('id', '=', f.id)
          .execute();
        await progress(
          percent,
          step?.startsWith('Starting')
            ? 'Starting the systems'
            : step === 'Virtual office running'
              ? 'Virtual office running'
              : 'Creating the virtual network',
        );
      },
    };
    const events = {
      booting: (systemId: number) => setSystem(systemId, { state: 'booting' }).then(() => undefined),
      booted: (vm: { systemId: number; ipAddress: string }) =>
        setSystem(vm.systemId, { state: 'running', ip_address: vm.ipAddress, started_at: clock.now() }).then(
          () => undefined,
        ),
    };
    const appliance = f.appliance_id === null ? null : Number(f.appliance_id);
    let outcome: Awaited<ReturnType<typeof ctx.ports.failover.startFailover>>;
    try {
      outcome =
        f.runbook_id !== null
          ? await ctx.ports.failover.runRunbook(
              {
                runbookId: Number(f.runbook_id),
                runbookName: f.runbook_name ?? '',
                clientId: Number(f.client_id),
                voType: f.vo_type,
                applianceId: appliance,
                machines,
                failoverId: Number(f.id),
                gateway: f.gateway,
              },
              report,
              events,
            )
          : await ctx.ports.failover.startFailover(
              requestOf(f, client?.name ?? '', machines),
              report,
              events,
            );
    } catch (err) {
      if (!(err instanceof FabricError)) throw err;
      const message = err.message;
      return complete(async (trx) => {
        await unscoped(trx, WHY)
          .updateTable('failovers')
          .set({ phase: 'failed', message, ended_at: clock.now() })
          .where('id', '=', f.id)
          .where('phase', '=', 'new')
          .execute();
        await unscoped(trx, WHY)
          .updateTable('failover_systems')
          .set({ state: 'failed' })
          .where('failover_id', '=', f.id)
          .execute();
        await audit(trx, clock.now(), {
          userId: null,
          organisationId: Number(f.client_id),
          action: 'failover.failed',
          targetType: 'failover',
          targetId: Number(f.id),
          details: { message, runbook: f.runbook_name },
        });
        return { phase: 'failed' as const, message };
      });
    }
    return complete(async (trx) => {
      const now = clock.now();
      await unscoped(trx, WHY)
        .updateTable('failovers')
        .set({
          phase: 'started',
          started_at: now,
          office_address: outcome.officeAddress,
          percent: 100,
          step: 'Virtual office running',
        })
        .where('id', '=', f.id)
        .where('phase', '=', 'new')
        .execute();
      for (const vm of outcome.vms)
        await unscoped(trx, WHY)
          .updateTable('failover_systems')
          .set({ state: 'running', ip_address: vm.ipAddress })
          .where('failover_id', '=', f.id)
          .where('system_id', '=', vm.systemId)
          .execute();
      // recovery-flow 2 setDevice: systems in a test office cannot be recovered meanwhile.
      if (f.type === 'test')
        for (const vm of outcome.vms) {
          await unscoped(trx, WHY)
            .deleteFrom('failover_test_states')
            .where('system_id', '=', vm.systemId)
            .execute();
          await unscoped(trx, WHY)
            .insertInto('failover_test_states')
            .values({ system_id: vm.systemId, state: TEST_STATE, updated_at: now })
            .execute();
        }
      return { phase: 'started' as const, systems: outcome.vms.length };
    });
  };
}

export function failoverStopHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports'>,
): HandlerFor<typeof FAILOVER_STOP> {
  return async ({ input, progress, complete, clock }) => {
    const db = ctx.dbh.db;
    const f = await failoverRow(db, input.failoverId);
    if (f?.phase !== 'started') return { skipped: 'not running' };
    await ctx.ports.failover.stopFailover(requestOf(f, '', []), {
      report: (p, step) =>
        progress(p, step === 'Virtual office removed' ? 'Virtual office removed' : 'Stopping the machines'),
    });
    return complete(async (trx) => {
      const now = clock.now();
      await unscoped(trx, WHY)
        .updateTable('failovers')
        .set({
          phase: 'finished',
          ended_at: now,
          message: input.reason === 'auto_stopped' ? 'Stopped at its auto-stop time.' : 'Stopped.',
          step: null,
        })
        .where('id', '=', f.id)
        .where('phase', '=', 'started')
        .execute();
      const systems = await unscoped(trx, WHY)
        .selectFrom('failover_systems')
        .select('system_id')
        .where('failover_id', '=', f.id)
        .execute();
      await unscoped(trx, WHY)
        .updateTable('failover_systems')
        .set({ state: 'stopped' })
        .where('failover_id', '=', f.id)
        .execute();
      if (f.type === 'test' && systems.length > 0)
        await unscoped(trx, WHY)
          .deleteFrom('failover_test_states')
          .where(
            'system_id',
            'in',
            systems.map((s) => Number(s.system_id)),
          )
          .execute();
      return { phase: 'finished' as const };
    });
  };
}

export function failoverSweepHandler(
  ctx: Pick<AppContext, 'dbh' | 'operations'>,
): HandlerFor<typeof FAILOVER_SWEEP> {
  return async ({ clock }) => {
    const db = ctx.dbh.db;
    const now = clock.now();
    const due = await unscoped(db, WHY)
      .selectFrom('failovers')
      .select(['id', 'reseller_id', 'client_id', 'runbook_name', 'stop_at'])
      .where('phase', '=', 'started')
      .where('type', '=', 'test')
      .where('ended_at', 'is', null)
      .where('stop_at', '<=', now)
      .limit(100)
      .execute();
    for (const f of due)
      await db.transaction().execute(async (trx) => {
        const res = await unscoped(trx, WHY)
          .updateTable('failovers')
          .set({ ended_at: now })
          .where('id', '=', f.id)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return;
        await ctx.operations.enqueue(trx, {
          kind: FAILOVER_STOP,
          input: { failoverId: Number(f.id), reason: 'auto_stopped' },
          resellerId: Number(f.reseller_id),
          clientId: Number(f.client_id),
          subjectType: 'failover',
          subjectId: Number(f.id),
        });
        await audit(trx, now, {
          userId: null,
          organisationId: Number(f.client_id),
          action: 'failover.auto_stop',
          targetType: 'failover',
          targetId: Number(f.id),
          details: { stop_at: Number(f.stop_at), runbook: f.runbook_name },
        });
      });
    const expired = await unscoped(db, WHY)
      .updateTable('failovers')
      .set({ phase: 'expired', message: 'No one approved this failover in time.', ended_at: now })
      .where('phase', '=', 'awaiting_approval')
      .where('approval_expires_at', '<=', now)
      .executeTakeFirst();
    if (due.length > 0) ctx.operations.wake();
    return { stopped: due.length, expired: Number(expired.numUpdatedRows) };
  };
}

export function registerFailoverHandlers(ctx: AppContext): void {
  ctx.operations.register(FAILOVER_START, failoverStartHandler(ctx));
  ctx.operations.register(FAILOVER_STOP, failoverStopHandler(ctx));
  ctx.operations.register(FAILOVER_SWEEP, failoverSweepHandler(ctx));
  ctx.operations.every({ key: FAILOVER_SWEEP, kind: FAILOVER_SWEEP, input: {}, everyMs: FAILOVER_SWEEP_MS });
}
