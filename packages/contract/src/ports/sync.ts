// The sync port (issue 25.2): what a backup source holds, read in one go. The console's one sync
// service (server/src/sources/sync-service.ts) writes what a read found into its own tables in
// one transaction, so health, the dashboard, device pages, reports and SLA figures work for every
// source with no code of their own. A source only reads here: it never writes the console's data.

/** The kinds of backup source; the fabric has one sync implementation per kind. */
export const SOURCE_KINDS = ['simulated', 'restic'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** How to open one source (its secret already unsealed by the console). */
export interface SourceAccess {
  id: number;
  /** A location already checked against the operator's policy. */
  location: string;
  password: string;
  /** The remote's variables (S3 keys, REST credentials). */
  env: Readonly<Record<string, string>>;
}

/** One restore point (a restic snapshot), which is also the successful job that made it. */
export interface SourcePoint {
  /** The source's own name for it, stable across reads (a snapshot id). */
  externalId: string;
  /** Epoch milliseconds. */
  takenAt: number;
  /** When the job that made it ended, where the source says; else takenAt. */
  endedAt: number | null;
  /** Bytes the job read; 0 where the source does not say. */
  sizeBytes: number;
  /** Files the job read; null where the source does not say. */
  files: number | null;
}

export interface SourceSystem {
  /** The system's name in the console (a host name, or a restic lifeboat-system tag). */
  name: string;
  osType: 'WINDOWS' | 'LINUX' | 'MAC_OS_X';
  /** Oldest first. */
  points: SourcePoint[];
}

export interface SourceContents {
  systems: SourceSystem[];
}

/** What a repository check found, in a sentence for the device page and reports. */
export interface SourceCheck {
  ok: boolean;
  sentence: string;
}

export interface SyncPort {
  /**
   * Everything the source holds now. A source that cannot be read throws a FabricError('FAILED')
   * whose message says what is wrong in a sentence (wrong password, not found, unreachable...).
   */
  read(source: SourceAccess, signal?: AbortSignal): Promise<SourceContents>;
  /**
   * Checks the source's repository, reading back `readPercent` % of its data (0: its structure
   * only); absent for kinds that have nothing to check. A check that could not run (locked,
   * unreachable) throws a FabricError; damage found is `ok: false`.
   */
  check?(source: SourceAccess, readPercent: number): Promise<SourceCheck>;
}
