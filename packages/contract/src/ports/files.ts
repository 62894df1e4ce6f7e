import type { FabricProgress } from './common';

// Files and shares (recovery-flow 7 'Browsing and download', 'Shares'): browse a restore point,
// read its files, and have the appliance expose it as a network share (also as a VMDK, VHD or
// VHDX disk, recovery-flow 4 'Share exposure').

export interface FilesPort {
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
