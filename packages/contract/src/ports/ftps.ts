import type { FabricProgress } from './common';
import type { RestorePointRef } from './files';

// The second tool's FTPS export (recovery-flow 7 'Second tool (FTPS)', 4 'FTPS export'): the
// cloud copies a restore point's files or disk to an FTPS area the customer downloads from.
// The console keeps the export row (the spec's export_uuid) and runs this port from an
// operation; COMPLETED is the operation succeeding, ERROR a FabricError (RP_IN_USE is the
// spec's rpInUseError; APPLIANCE_OFFLINE and FAILED its isRecoverError).

export interface FtpsExportRequest {
  /** The console's export row. */
  exportId: number;
  systemName: string;
  point: RestorePointRef;
  /**
   * The second-generation appliance the system is behind (null: direct to cloud). It must be
   * online for the cloud to open its restore points: APPLIANCE_OFFLINE otherwise.
   */
  applianceId: number | null;
  /** Files and folders, or the whole disk as an image. */
  type: 'files' | 'disk';
  /** Disk format; null for files. */
  format: 'VMDK' | 'VHD' | 'VHDX' | null;
}

export interface FtpsExportOutcome {
  host: string;
  /** The FTPS login of this export (exportComplete shows it with the password). */
  login: string;
  /** Folder of the export on the FTPS host. */
  directory: string;
  sizeBytes: number;
}

export interface FtpsCredentialsRequest {
  exportId: number;
  login: string;
  password: string;
}

export interface FtpsPort {
  runExport(req: FtpsExportRequest, progress: FabricProgress): Promise<FtpsExportOutcome>;
  /** Set the export's FTPS password (ftps_credentials); FAILED when the host refuses it. */
  setCredentials(req: FtpsCredentialsRequest): Promise<void>;
  /** Delete the export when it expires; harmless when it is already gone. */
  removeExport(req: { exportId: number; login: string }): Promise<void>;
}
