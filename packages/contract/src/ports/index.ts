import type { AutoVerifyPort } from './autoverify';
import type { AzureDeviceLogin, AzurePort } from './azure';
import type { FailoverPort } from './failover';
import type { FilesPort } from './files';
import type { FtpsPort } from './ftps';
import type { LivingFleetPort } from './living-fleet';
import type { SourceKind, SyncPort } from './sync';
import type { VirtualizationPort } from './virtualization';

// One port per capability (docs/adding-things.md 4). Areas reach them as `ctx.ports.<name>`.

export * from './autoverify';
export * from './azure';
export * from './common';
export * from './failover';
export * from './files';
export * from './ftps';
export * from './living-fleet';
export * from './sync';
export * from './virtualization';

export interface Ports {
  files: FilesPort;
  virtualization: VirtualizationPort;
  failover: FailoverPort;
  ftps: FtpsPort;
  azure: AzurePort;
  autoverify: AutoVerifyPort;
  fleet: LivingFleetPort;
  /** The sync port, one implementation per kind of backup source (picked per source). */
  sync: Record<SourceKind, SyncPort>;
  /** The simulator's device login page (absent with a real Azure adapter: Microsoft has it). */
  azureDeviceLogin?: AzureDeviceLogin;
}
