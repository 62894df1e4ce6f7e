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
  /**
   * A file's bytes from start to end as one stream, for sources where a read costs a call of its
   * own (restic dump): the archive and the FTPS export use it instead of readFile's chunks.
   * Null when the path is not a file there.
   */
  readStream?(point: RestorePointRef, path: string): Promise<AsyncIterable<Uint8Array> | null>;
  /**
   * Every file under a folder with its bytes, in one read of the source (restic dump of the folder
   * as a tar stream): an archive of many small files costs one run, not one per file. Each file's
   * `content` is read to its end (or left) before the next file comes. Null when the path is not
   * a folder there.
   */
  readFolder?(point: RestorePointRef, path: string): Promise<AsyncIterable<FolderFile> | null>;
  /**
   * The raw disk images the point holds, for a virtual disk export converted from real bytes:
   * [] where it holds none; null (or absent) where the source makes its disk exports itself (the
   * simulator).
   */
  diskImages?(point: RestorePointRef): Promise<PointDiskImage[] | null>;
}

/** One file of readFolder: its absolute path at the point, and its bytes as a stream. */
export interface FolderFile {
  path: string;
  size: number;
  modifiedAt: number;
  /** The file's bytes; a stream with pipe() where the source has one (read it by piping). */
  content: AsyncIterable<Uint8Array>;
}

/** A raw disk image inside a restore point (a restic `--stdin` image, an *.img or *.raw file). */
export interface PointDiskImage {
  path: string;
  size: number;
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
  /** The backup source the system is read from (its kind picks the port); null: the simulator. */
  sourceId?: number | null;
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
