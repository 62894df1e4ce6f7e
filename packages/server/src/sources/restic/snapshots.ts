import fs from 'node:fs';
import path from 'node:path';
import { type Repository, ResticError, resticJsonLines, SENTENCES } from './cli';

// What a restic repository holds, in the console's words: each system is a snapshot's host name,
// or the `lifeboat-system=<name>` tag when a snapshot has one (one host backing up two systems,
// or a host renamed); each snapshot is a restore point of its system.

export const SYSTEM_TAG = 'lifeboat-system=';

export interface ResticSnapshot {
  id: string;
  shortId: string;
  /** Epoch milliseconds. */
  takenAt: number;
  host: string;
  /** The console's system name for this snapshot. */
  system: string;
  paths: string[];
  tags: string[];
  /** What the backup read (restic 0.17's snapshot summary); null where restic does not say. */
  summary: { endedAt: number; bytes: number; files: number } | null;
}

interface RawSnapshot {
  id?: unknown;
  short_id?: unknown;
  time?: unknown;
  hostname?: unknown;
  paths?: unknown;
  tags?: unknown;
  summary?: {
    backup_end?: unknown;
    total_bytes_processed?: unknown;
    total_files_processed?: unknown;
  };
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** One snapshot of `restic snapshots --json`, or null for a row this version cannot read. */
export function toSnapshot(raw: RawSnapshot): ResticSnapshot | null {
  if (typeof raw.id !== 'string' || typeof raw.time !== 'string' || typeof raw.hostname !== 'string')
    return null;
  const takenAt = Date.parse(raw.time);
  if (Number.isNaN(takenAt)) return null;
  const tags = strings(raw.tags);
  const tagged = tags
    .find((t) => t.startsWith(SYSTEM_TAG))
    ?.slice(SYSTEM_TAG.length)
    .trim();
  return {
    id: raw.id,
    shortId: typeof raw.short_id === 'string' ? raw.short_id : raw.id.slice(0, 8),
    takenAt,
    host: raw.hostname,
    system: tagged || raw.hostname,
    paths: strings(raw.paths),
    tags,
    summary: toSummary(raw.summary),
  };
}

function toSummary(raw: RawSnapshot['summary']): ResticSnapshot['summary'] {
  if (!raw || typeof raw.total_bytes_processed !== 'number') return null;
  const endedAt = typeof raw.backup_end === 'string' ? Date.parse(raw.backup_end) : Number.NaN;
  return {
    endedAt: Number.isNaN(endedAt) ? 0 : endedAt,
    bytes: raw.total_bytes_processed,
    files: typeof raw.total_files_processed === 'number' ? raw.total_files_processed : 0,
  };
}

/** Every snapshot of the repository, oldest first. */
export async function listSnapshots(repo: Repository): Promise<ResticSnapshot[]> {
  // `snapshots` only reads: restic documents --no-lock as safe for read-only commands.
  const [lines] = await resticJsonLines(repo, ['snapshots', '--no-lock']);
  const raw = Array.isArray(lines) ? (lines as RawSnapshot[]) : [];
  return raw
    .map(toSnapshot)
    .filter((s): s is ResticSnapshot => s !== null)
    .sort((a, b) => a.takenAt - b.takenAt || a.id.localeCompare(b.id));
}

/** The snapshots grouped by system, each system's snapshots oldest first. */
export function bySystem(snapshots: readonly ResticSnapshot[]): Map<string, ResticSnapshot[]> {
  const out = new Map<string, ResticSnapshot[]>();
  for (const s of snapshots) {
    const list = out.get(s.system) ?? [];
    list.push(s);
    out.set(s.system, list);
  }
  return out;
}

/**
 * Opens the repository as "Test connection" does: its snapshots, or a ResticError whose sentence
 * tells a missing folder from a folder that holds no repository.
 */
export async function openRepository(repo: Repository): Promise<ResticSnapshot[]> {
  try {
    return await listSnapshots(repo);
  } catch (err) {
    if (err instanceof ResticError && err.failure === 'not_a_repository' && path.isAbsolute(repo.location)) {
      if (!fs.existsSync(repo.location)) throw new ResticError('not_found', SENTENCES.not_found, err.detail);
    }
    throw err;
  }
}
