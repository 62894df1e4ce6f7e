import type { Readable } from 'node:stream';
import { type Repository, resticStream } from './cli';

// Restoring from a snapshot without a temporary copy: `restic dump` writes one file, or a folder
// as a zip or tar archive, to its stdout, which the console streams on to the person (bounded
// memory whatever the size).

const SNAPSHOT_ID = /^[0-9a-f]{8,64}$/;

/** A snapshot id as restic prints it (short or long): anything else never reaches restic. */
export function isSnapshotId(id: string): boolean {
  return SNAPSHOT_ID.test(id);
}

export type ArchiveFormat = 'zip' | 'tar';

/**
 * A stream of one file (`format` absent) or of a folder as an archive. `done` settles when
 * restic ends; a ResticError there means the stream was cut short.
 */
export function dump(
  repo: Repository,
  snapshotId: string,
  itemPath: string,
  format?: ArchiveFormat,
): { stream: Readable; done: Promise<void>; cancel: () => void } {
  if (!isSnapshotId(snapshotId)) throw new Error(`not a snapshot id: ${snapshotId}`);
  if (!itemPath.startsWith('/')) throw new Error('a path inside a snapshot starts with "/"');
  const args = ['dump', '--no-lock', ...(format ? [`--archive=${format}`] : []), snapshotId, itemPath];
  const run = resticStream(repo, args);
  return { stream: run.stdout, done: run.done, cancel: run.kill };
}
