// The port to the backup infrastructure (appliances, vaults, cloud, Azure). The console never
// invents appliance behaviour in a route: it calls this interface. The built-in implementation
// is the simulator in @lifeboat/fleet; a real integration would replace it.
// Later issues add methods here (mount and browse, shares, exports, VMs, failover, Azure).

export interface FabricProgress {
  /** Report progress 0..100 with an optional human-readable step. */
  report(percent: number, step?: string): Promise<void>;
}

export interface AutoVerifyRequest {
  systemId: number;
  systemName: string;
  osType: string;
  restorePointId: number;
  restorePointAt: number;
  /** Appliance id, or null for a direct-to-cloud system (cloud AutoVerify). */
  applianceId: number | null;
}

export interface AutoVerifyOutcome {
  status: 'success' | 'failure';
  result: string;
  heartbeat: boolean;
  bootCheck: 'Passed' | 'Failed';
  vssStatus: 'Passed' | 'Failed';
  chkdskStatus: 'Passed' | 'Failed';
  /** Seed of the generated boot screenshot; null when the VM never showed a screen. */
  screenshotSeed: number | null;
  startedAt: number;
  endedAt: number;
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

export interface Fabric {
  readonly name: string;
  runAutoVerify(req: AutoVerifyRequest, progress: FabricProgress): Promise<AutoVerifyOutcome>;

  // Dashboard area: the AutoVerify thumbnail of the protected-systems table.
  /** The PNG screenshot an AutoVerify run captured, at the given size. */
  autoVerifyScreenshot(req: AutoVerifyScreenshotRequest): Promise<Buffer>;
  // --- inventory: virtualized machines (spec: inventory-reports-exports-security 4) ---
  /** Start, stop, resume or discard a system's virtual machine on its appliance or vault. */
  vmAction(req: VmActionRequest, progress: FabricProgress): Promise<VmActionOutcome>;
  // --- recovery area (issue 6): browse restore points, read files, expose shares ---
  /** A folder's entries at the point ('' is the root); null when the path is no folder there. */
  listFiles(point: RestorePointRef, path: string): Promise<RecoveryEntry[] | null>;
  /** One entry at the point; null when nothing is there. */
  statFile(point: RestorePointRef, path: string): Promise<RecoveryEntry | null>;
  /** Bytes [start, end) of a file at the point; null when the path is not a file there. */
  readFile(point: RestorePointRef, path: string, start: number, end: number): Promise<Uint8Array | null>;
  /**
   * Ask the appliance to expose the point as a network share. Answers at once with the paths;
   * throws FabricError APPLIANCE_OFFLINE (no answer), FORMAT_REFUSED (try VHDX) or FAILED.
   */
  exposeShare(req: ShareRequest): Promise<ShareExposure>;
  /** Wait until the appliance reports the share active (spec: EXPOSE_SHARE_ACTIVE). */
  waitShareActive(req: ShareRequest, progress: FabricProgress): Promise<void>;
  /** Unmount a share (expiry or suppression); harmless when it is already gone. */
  removeShare(req: ShareRequest): Promise<void>;
}

/** Which AutoVerify screenshot to draw (dashboard area). */
export interface AutoVerifyScreenshotRequest {
  screenshotSeed: number;
  hostname: string;
  osType: string;
  /** The run succeeded (sign-in screen) or not (failure screen). */
  ok: boolean;
  width: number;
  height: number;
}

/** A virtual machine action of the inventory (inventory area). */
export interface VmActionRequest {
  systemId: number;
  systemName: string;
  action: 'start_vm' | 'stop_vm' | 'resume_vm' | 'discard_vm';
  /** Appliance id, or null for a VM that runs in a vault. */
  applianceId: number | null;
}

export interface VmActionOutcome {
  /** The VM's state afterwards; null once discarded. */
  status: 'Offline' | 'Running' | 'Stopped' | null;
  /** Whether the running VM may be stopped (a VM in a failover may not). */
  stoppable: boolean;
}

/** A restore point of a system, with what the fabric needs to find its data. */
export interface RestorePointRef {
  systemId: number;
  applianceId: number | null;
  restorePointId: number;
  takenAt: number;
  /** The system's seed, OS, kind and host name (the simulator derives file trees from them). */
  seed: number;
  osType: string;
  deviceType: string;
  hostname: string;
}

export interface RecoveryEntry {
  name: string;
  type: 'file' | 'folder';
  size: number;
  modifiedAt: number;
}

export interface ShareRequest {
  shareId: number;
  point: RestorePointRef;
  applianceId: number;
  applianceName: string;
  systemName: string;
  drive: string | null;
  /** Disk format asked for (VMDK, VHD, VHDX) or null for a file share. */
  format: string | null;
}

export interface ShareExposure {
  sharePath: string;
  macSharePath: string;
}
