import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { FleetPlan } from './plan-types';

// The demo reseller gets a few second-generation virtual machines on online appliances, one in
// each state, so the inventory's VM actions (spec: inventory-reports-exports-security 4) can be
// tried on the demo fleet. The drawn fleet rarely has one the rules let anyone act on.
const STATES = [
  { sva_job_status: 'Running', currently_running: 1, stoppable: 1 },
  { sva_job_status: 'Stopped', currently_running: 0, stoppable: 0 },
  { sva_job_status: 'Offline', currently_running: 0, stoppable: 0 },
] as const;

export async function addDemoVirtualMachines(
  db: Kysely<Database>,
  plan: FleetPlan,
  now: number,
): Promise<void> {
  const reseller = plan.resellers.find((r) => r.demoUser === 'reseller');
  if (!reseller) return;
  await addDemoFailoverTest(db, reseller.id, now);
  const systems = await db
    .selectFrom('protected_systems as ps')
    .innerJoin('appliances as a', 'a.id', 'ps.appliance_id')
    .select('ps.id')
    .where('ps.reseller_id', '=', reseller.id)
    .where('ps.service_gen', '=', 4)
    .where('ps.device_type', '<>', 'nas')
    .where('ps.sva_job_status', 'is', null)
    .where('a.online', '=', 1)
    .orderBy('ps.id')
    .limit(STATES.length)
    .execute();
  for (const [i, s] of systems.entries()) {
    const state = STATES[i];
    if (state) await db.updateTable('protected_systems').set(state).where('id', '=', s.id).execute();
  }
}

/**
 * One first-generation server of the demo reseller runs a failover test, so the recovery wizard's
 * disabled device row and its test-failover VM-running screen (spec: recovery-flow 2 setDevice,
 * 4 'VM state check before export') can be seen on the demo fleet: its last such server on an
 * online appliance.
 */
async function addDemoFailoverTest(db: Kysely<Database>, resellerId: number, now: number): Promise<void> {
  const system = await db
    .selectFrom('protected_systems as ps')
    .innerJoin('appliances as a', 'a.id', 'ps.appliance_id')
    .select('ps.id')
    .where('ps.reseller_id', '=', resellerId)
    .where('ps.service_gen', '=', 2)
    .where('ps.device_type', '=', 'server')
    .where('ps.sva_job_status', 'is', null)
    .where('a.online', '=', 1)
    .orderBy('ps.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (system)
    await db
      .insertInto('failover_test_states')
      .values({ system_id: system.id, state: 'FAILOVER_TEST_VM_RUNNING', updated_at: now })
      .execute();
}
