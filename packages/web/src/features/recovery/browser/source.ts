import { plural, type RecoveryFileEntry } from '@lifeboat/contract';
import { sizeText } from '../format';

// What the one file browser reads, whichever tool feeds it: a folder's entries and, where the
// tool's calls allow it, a search of the whole point.

export interface BrowserSource {
  /** Query key prefix of this point's listings (the folder's path is added). */
  key: readonly unknown[];
  list: (path: string) => Promise<RecoveryFileEntry[]>;
  search?: (query: string) => Promise<{ files: RecoveryFileEntry[]; truncated: boolean }>;
}

/** The columns that show an entry: the root, each folder above it and, for a folder, itself. */
export function columnsFor(entry: Pick<RecoveryFileEntry, 'path' | 'type'>): string[] {
  const parts = entry.path.split('/');
  const upTo = entry.type === 'folder' ? parts.length : parts.length - 1;
  return ['', ...parts.slice(0, upTo).map((_, i) => parts.slice(0, i + 1).join('/'))];
}

/** What the selection holds: its counters and the size of its files (folders are not summed). */
export function selectionTotals(selected: readonly Pick<RecoveryFileEntry, 'type' | 'size'>[]) {
  const files = selected.filter((e) => e.type === 'file');
  return {
    files: files.length,
    folders: selected.length - files.length,
    fileBytes: files.reduce((sum, e) => sum + e.size, 0),
  };
}

/** The selection's size in words: folders are listed lazily, so their contents are not summed here. */
export function selectionText(t: ReturnType<typeof selectionTotals>): string {
  const folders = `the contents of ${plural(t.folders, 'folder')}`;
  if (t.folders === 0) return `Size: ${sizeText(t.fileBytes)}`;
  if (t.files === 0) return `Size: ${folders}`;
  return `Size: ${sizeText(t.fileBytes)} of files, plus ${folders}`;
}
