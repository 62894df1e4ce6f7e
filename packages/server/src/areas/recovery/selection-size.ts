import type { FilesPort, RestorePointRef } from '@lifeboat/contract';
import { perDatabase, TtlCache } from '../../cache/ttl-cache';
import { type ArchiveItem, collectFiles } from './archive';

// The size of a chosen set of files and folders at a restore point (issue 18.15: a cloud share
// says how big it is). A restore point never changes, so a size once walked is kept for an hour
// (per database, on the injected clock) instead of walking the folders on every panel refresh.

export interface SelectionSize {
  bytes: number;
  /** The walk stopped at DOWNLOAD_MAX_FILES: the size is at least `bytes`. */
  atLeast: boolean;
}

const HOUR = 3_600_000;
const sizes = perDatabase(() => new TtlCache<SelectionSize>(HOUR, 1000));

/** Walks the chosen paths (folders breadth first, as the archive does) and adds up the file sizes. */
export async function selectionSize(
  port: FilesPort,
  ref: RestorePointRef,
  paths: readonly string[],
): Promise<SelectionSize> {
  const items: ArchiveItem[] = [];
  for (const path of paths) {
    const entry = await port.statFile(ref, path);
    if (entry) items.push({ path, entry });
  }
  const { files, truncated } = await collectFiles(port, ref, items);
  return { bytes: files.reduce((sum, f) => sum + f.size, 0), atLeast: truncated };
}

/** selectionSize of a download session, remembered by its id. */
export function cachedSelectionSize(
  dbHandle: object,
  now: number,
  sessionId: number,
  load: () => Promise<SelectionSize>,
): Promise<SelectionSize> {
  return sizes(dbHandle).get(String(sessionId), now, load);
}
