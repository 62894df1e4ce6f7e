import type { Clock, Fabric } from '@lifeboat/contract';
import { SimulatedFabric } from '@lifeboat/fleet';
import type { Config } from '../config';

// The port's only implementation today is the simulator (ARCHITECTURE: 'The fabric is a port');
// a real integration would be chosen here from config.

/** Build the fabric; throws at start-up when SIM_FAULTS cannot be read. */
export function createFabric(config: Pick<Config, 'simSpeed' | 'simFaults'>, clock: Clock): Fabric {
  return new SimulatedFabric({ clock, speed: config.simSpeed, faults: config.simFaults });
}
