import { type Repository, resticJsonLines } from './cli';
import { isSnapshotId } from './dump';

// A folder of a snapshot, as the file browser shows it. restic lists a whole subtree with `ls`;
// the console keeps listings in its database per snapshot (a restic call costs 0.3 to 0.6 s).

export interface ResticEntry {
  name: string;
  /** The entry's path inside the snapshot, starting with "/". */
  path: string;
  type: 'file' | 'dir' | 'symlink' | 'other';
  size: number;
  /** Epoch milliseconds. */
  modifiedAt: number;
}

interface RawNode {
  struct_type?: unknown;
  name?: unknown;
  path?: unknown;
  type?: unknown;
  size?: unknown;
  mtime?: unknown;
}

export function toEntry(raw: RawNode): ResticEntry | null {
  if (raw.struct_type !== 'node' || typeof raw.name !== 'string' || typeof raw.path !== 'string') return null;
  const type = raw.type === 'file' || raw.type === 'dir' || raw.type === 'symlink' ? raw.type : 'other';
  const modifiedAt = typeof raw.mtime === 'string' ? Date.parse(raw.mtime) : Number.NaN;
  return {
    name: raw.name,
    path: raw.path,
    type,
    size: typeof raw.size === 'number' ? raw.size : 0,
    modifiedAt: Number.isNaN(modifiedAt) ? 0 : modifiedAt,
  };
}

/** The entries directly inside `folder` of snapshot `snapshotId`, folders first, then by name. */
export async function listFolder(
  repo: Repository,
  snapshotId: string,
  folder: string,
): Promise<ResticEntry[]> {
  if (!isSnapshotId(snapshotId)) throw new Error(`not a snapshot id: ${snapshotId}`);
  const dir = folder === '/' ? '/' : folder.replace(/\/+$/, '');
  const lines = await resticJsonLines(repo, ['ls', '--no-lock', snapshotId, '--', dir]);
  const parent = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';
  return lines
    .map((l) => toEntry(l as RawNode))
    .filter((e): e is ResticEntry => e !== null && e.path !== dir && parent(e.path) === dir)
    .sort((a, b) => Number(b.type === 'dir') - Number(a.type === 'dir') || a.name.localeCompare(b.name));
}
