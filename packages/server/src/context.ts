import type { Clock, Ports } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import type { Config } from './config';
import type { OperationsEngine } from './operations/engine';

/** What every area receives: no module-level singletons, so tests build as many apps as they like. */
export interface AppContext {
  config: Config;
  dbh: DbHandle;
  clock: Clock;
  /** The capability ports (files, virtualization, failover, ftps, azure, autoverify, fleet). */
  ports: Ports;
  operations: OperationsEngine;
}
