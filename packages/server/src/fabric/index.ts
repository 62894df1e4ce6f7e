import path from 'node:path';
import type { Clock, Ports } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { createSimulatedPorts } from '@lifeboat/fleet';
import type { Config } from '../config';
import { createResticSync } from '../sources/restic/sync';

// The one place that picks the implementation of the capability ports (ARCHITECTURE: 'The
// fabric is ports'). Today every port is the simulator; a real integration would be chosen here
// from config, port by port. Areas only see `ctx.ports`. The sync port has one implementation per
// kind of backup source, and the sync service picks it per source (ctx.ports.sync[source.kind]).

export { demoLogins, firstStartDemoFleet } from './demo';

/** Build the ports; throws at start-up when SIM_FAULTS cannot be read. */
export function createPorts(
  config: Pick<Config, 'simSpeed' | 'simFaults'> &
    Partial<Pick<Config, 'resticRoots' | 'resticAllowRemote' | 'dataDir'>>,
  clock: Clock,
  dbh: DbHandle,
): Ports {
  const sim = createSimulatedPorts({ clock, dbh, speed: config.simSpeed, faults: config.simFaults });
  const restic = createResticSync({
    policy: { roots: config.resticRoots ?? [], allowRemote: config.resticAllowRemote ?? false },
    cacheDir: config.dataDir ? path.join(config.dataDir, 'restic-cache') : undefined,
  });
  return { ...sim, sync: { ...sim.sync, restic } };
}
