import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  DOWNLOAD_MAX_FILES,
  type FilesPort,
  type RecoveryEntry,
  type RestorePointRef,
} from '@lifeboat/contract';
import tarStream from 'tar-stream';
import yazl from 'yazl';
import { joinPath, type PackedFile, packings, planReads } from './read-plan';

// The downloaded file of a download session: the single file, or a zip or tar stream of the
// chosen items with their content, read from the files port in chunks (never a whole file in memory).

export interface ArchiveItem {
  /** Absolute path on the system. */
  path: string;
  entry: RecoveryEntry;
}

export { fileStream, joinPath } from './read-plan';

/** Every file under the items (folders walked breadth-first), at most DOWNLOAD_MAX_FILES. */
export async function collectFiles(
  port: FilesPort,
  point: RestorePointRef,
  items: ArchiveItem[],
): Promise<{ files: PackedFile[]; folders: string[]; truncated: boolean }> {
  const files: PackedFile[] = [];
  const folders: string[] = [];
  const queue: Array<{ path: string; name: string; entry: RecoveryEntry }> = items.map((i) => ({
    path: i.path,
    name: i.entry.name.replace(/[:\\]/g, '_'),
    entry: i.entry,
  }));
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    if (next.entry.type === 'file') {
      if (files.length >= DOWNLOAD_MAX_FILES) return { files, folders, truncated: true };
      files.push({
        name: next.name,
        source: next.path,
        size: next.entry.size,
        mtime: new Date(next.entry.modifiedAt),
      });
      continue;
    }
    folders.push(next.name);
    for (const child of (await port.listFiles(point, next.path)) ?? []) {
      queue.push({ path: joinPath(next.path, child.name), name: `${next.name}/${child.name}`, entry: child });
    }
  }
  return { files, folders, truncated: false };
}

const NOTE = `This archive holds the first ${DOWNLOAD_MAX_FILES} files of the selection. Restore the rest in smaller parts.\n`;

export async function zipStream(
  port: FilesPort,
  point: RestorePointRef,
  items: ArchiveItem[],
): Promise<Readable> {
  const { files, folders, truncated } = await collectFiles(port, point, items);
  const parts = await planReads(port, point, items, files);
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  for (const f of folders) zip.addEmptyDirectory(f);
  void (async () => {
    try {
      // One file at a time: each read starts when the one before it has been packed.
      for await (const p of packings(port, point, parts)) {
        zip.addReadStream(p.stream, p.file.name, { mtime: p.file.mtime, size: p.size });
        await finished(p.stream);
      }
      if (truncated) zip.addBuffer(Buffer.from(NOTE), 'LIFEBOAT-NOTE.txt');
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

export async function tarStreamOf(
  port: FilesPort,
  point: RestorePointRef,
  items: ArchiveItem[],
): Promise<Readable> {
  const { files, folders, truncated } = await collectFiles(port, point, items);
  const parts = await planReads(port, point, items, files);
  const pack = tarStream.pack();
  void (async () => {
    try {
      for (const f of folders) pack.entry({ name: `${f}/`, type: 'directory' });
      for await (const p of packings(port, point, parts)) {
        await new Promise<void>((resolve, reject) => {
          const entry = pack.entry({ name: p.file.name, size: p.size, mtime: p.file.mtime }, (err) =>
            err ? reject(err) : resolve(),
          );
          p.stream.on('error', reject);
          p.stream.pipe(entry);
        });
      }
      if (truncated) pack.entry({ name: 'LIFEBOAT-NOTE.txt' }, NOTE);
      pack.finalize();
    } catch (err) {
      pack.destroy(err as Error);
    }
  })();
  return pack as unknown as Readable;
}
