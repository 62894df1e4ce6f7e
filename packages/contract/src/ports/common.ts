// What every capability port shares: progress reports and the error a port throws. The ports
// (one per capability, this folder) are the console's only way to the backup infrastructure
// (appliances, vaults, cloud, Azure); the built-in implementation is the simulator in
// @lifeboat/fleet, picked in server/src/fabric. A route never invents appliance behaviour.

export interface FabricProgress {
  /** Report progress 0..100 with an optional human-readable step. */
  report(percent: number, step?: string): Promise<void>;
}

/** A fault the fabric reports; the operation records its message for the user. */
export class FabricError extends Error {
  constructor(
    readonly code: 'APPLIANCE_OFFLINE' | 'RP_IN_USE' | 'FORMAT_REFUSED' | 'TIMEOUT' | 'FAILED',
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'FabricError';
  }
}
