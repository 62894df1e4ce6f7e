import type { Ports } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { createSimulatedAutoVerify } from './autoverify';
import { createSimulatedAzure } from './azure';
import { createSimDeps, type SimOptions } from './deps';
import { createSimulatedFailover } from './failover';
import { createSimulatedFiles } from './files';
import { createSimulatedFtps } from './ftps';
import { createSimulatedLivingFleet } from './living-fleet';
import { createSimulatedSync } from './sync';
import { createSimulatedVirtualization } from './virtualization';

// One factory builds every simulated port (ARCHITECTURE: 'The fabric is ports'): realistic
// delays scaled by SIM_SPEED, progress, and the faults of SIM_FAULTS, with no real appliance.

export interface SimulatedPortsOptions extends SimOptions {
  /** The database the living fleet advances, and where the simulated Azure keeps its codes. */
  dbh: DbHandle;
}

/** Every port, with the simulated source as the only sync implementation (the fabric adds real ones). */
export function createSimulatedPorts(opts: SimulatedPortsOptions): Omit<Ports, 'sync'> & {
  sync: Pick<Ports['sync'], 'simulated'>;
} {
  const deps = createSimDeps(opts);
  const azure = createSimulatedAzure(deps, opts.dbh.db);
  return {
    files: createSimulatedFiles(deps),
    virtualization: createSimulatedVirtualization(deps),
    failover: createSimulatedFailover(deps),
    ftps: createSimulatedFtps(deps),
    azure,
    azureDeviceLogin: azure.deviceLogin,
    autoverify: createSimulatedAutoVerify(deps),
    fleet: createSimulatedLivingFleet({ dbh: opts.dbh, faults: deps.faults }),
    sync: { simulated: createSimulatedSync(deps) },
  };
}
