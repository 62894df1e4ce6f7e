import type { LivingFleetPort } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { type AdvanceOptions, advanceFleet } from './advance';
import type { PortFaults } from './faults';

// The simulator's living fleet: each tick of the server's `fleet.tick` operation advances the
// demo fleet in the database (./advance). Its faults: autoverify_fail shows in nightly results,
// appliance_outage takes appliances offline and back (./outages).

export interface LivingFleetDeps {
  dbh: DbHandle;
  faults: PortFaults<'fleet'>;
  /** Batch sizes (tests); the defaults of advanceFleet otherwise. */
  options?: Omit<AdvanceOptions, 'faults'>;
}

export function createSimulatedLivingFleet(deps: LivingFleetDeps): LivingFleetPort {
  return { advance: (now) => advanceFleet(deps.dbh, now, { ...deps.options, faults: deps.faults }) };
}
