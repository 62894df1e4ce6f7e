import path from 'node:path';
import type { Clock, Ports } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { createSimulatedPorts } from '@lifeboat/fleet';
import type { Config } from '../config';
import { createResticFiles } from '../sources/restic/files';
import { createResticFtps } from '../sources/restic/ftps';
import { createResticSync } from '../sources/restic/sync';
import { filesPerSource, ftpsPerSource } from './per-source';

// The one place that picks the implementation of the capability ports (ARCHITECTURE: 'The
// fabric is ports'). Every port is the simulator for the built-in fleet; a real integration is
// chosen here, port by port. Areas only see `ctx.ports`. The ports a backup source serves have
// one implementation per kind of source: the sync service picks the sync port per source
// (ctx.ports.sync[source.kind]); the files and FTPS ports pick theirs per restore point, by the
// source of its system (per-source.ts).

export { demoLogins, firstStartDemoFleet } from './demo';

/** Build the ports; throws at start-up when SIM_FAULTS cannot be read. */
export function createPorts(
  config: Pick<Config, 'simSpeed' | 'simFaults'> &
    Partial<Pick<Config, 'resticRoots' | 'resticAllowRemote' | 'dataDir' | 'secretKey'>>,
  clock: Clock,
  dbh: DbHandle,
): Ports {
  const sim = createSimulatedPorts({ clock, dbh, speed: config.simSpeed, faults: config.simFaults });
  const policy = { roots: config.resticRoots ?? [], allowRemote: config.resticAllowRemote ?? false };
  const cacheDir = config.dataDir ? path.join(config.dataDir, 'restic-cache') : undefined;
  const restic = createResticSync({ policy, cacheDir });
  const resticFiles = createResticFiles({ dbh, secretKey: config.secretKey ?? null, policy, cacheDir });
  return {
    ...sim,
    files: filesPerSource(dbh, { simulated: sim.files, restic: resticFiles }),
    ftps: ftpsPerSource(dbh, { simulated: sim.ftps, restic: createResticFtps(resticFiles, sim.ftps) }),
    sync: { ...sim.sync, restic },
  };
}
