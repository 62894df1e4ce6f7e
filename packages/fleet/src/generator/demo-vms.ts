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

export async function addDemoVirtualMachines(db: Kysely<Database>, plan: FleetPlan): Promise<void> {
  const reseller = plan.resellers.find((r) => r.demoUser === 'reseller');
  if (!reseller) return;
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
