import type { Clock, Ports } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { createSimulatedPorts } from '@lifeboat/fleet';
import type { Config } from '../config';

// The one place that picks the implementation of the capability ports (ARCHITECTURE: 'The
// fabric is ports'). Today every port is the simulator; a real integration would be chosen here
// from config, port by port. Areas only see `ctx.ports`.

export { demoLogins, firstStartDemoFleet } from './demo';

/** Build the ports; throws at start-up when SIM_FAULTS cannot be read. */
export function createPorts(
  config: Pick<Config, 'simSpeed' | 'simFaults'>,
  clock: Clock,
  dbh: DbHandle,
): Ports {
  return createSimulatedPorts({ clock, dbh, speed: config.simSpeed, faults: config.simFaults });
}
