import { PassThrough, type Readable } from 'node:stream';
import {
  DOWNLOAD_MAX_FILES,
  type FilesPort,
  type RecoveryEntry,
  type RestorePointRef,
} from '@lifeboat/contract';
import tarStream from 'tar-stream';
import yazl from 'yazl';

// The downloaded file of a download session: the single file, or a zip or tar stream of the
// chosen items with their content, read from the files port in chunks (never a whole file in memory).

const CHUNK = 1 << 20;

export interface ArchiveItem {
  /** Absolute path on the system. */
  path: string;
  entry: RecoveryEntry;
}

interface PackedFile {
  /** Path inside the archive. */
  name: string;
  source: string;
  size: number;
  mtime: Date;
}

export const joinPath = (parent: string, name: string): string =>
  parent === '' ? name : parent.endsWith('/') ? `${parent}${name}` : `${parent}/${name}`;

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

/**
 * A file's bytes as a stream: the source's own stream where it has one (restic dump), else
 * 1 MiB chunks of readFile. Either way only a chunk at a time is in memory (backpressure).
 */
export function fileStream(port: FilesPort, point: RestorePointRef, path: string, size: number): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const own = await port.readStream?.(point, path);
      if (own) {
        for await (const chunk of own) {
          if (out.destroyed) return;
          if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
        }
        return void out.end();
      }
      for (let at = 0; at < size; at += CHUNK) {
        const chunk = await port.readFile(point, path, at, Math.min(size, at + CHUNK));
        if (!chunk) throw new Error(`The file ${path} is no longer in this restore point.`);
        if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

const NOTE = `This archive holds the first ${DOWNLOAD_MAX_FILES} files of the selection. Restore the rest in smaller parts.\n`;

export async function zipStream(
  port: FilesPort,
  point: RestorePointRef,
  items: ArchiveItem[],
): Promise<Readable> {
  const { files, folders, truncated } = await collectFiles(port, point, items);
  const zip = new yazl.ZipFile();
  for (const f of folders) zip.addEmptyDirectory(f);
  for (const f of files) {
    zip.addReadStream(fileStream(port, point, f.source, f.size), f.name, { mtime: f.mtime, size: f.size });
  }
  if (truncated) zip.addBuffer(Buffer.from(NOTE), 'LIFEBOAT-NOTE.txt');
  zip.end();
  return zip.outputStream as Readable;
}

export async function tarStreamOf(
  port: FilesPort,
  point: RestorePointRef,
  items: ArchiveItem[],
): Promise<Readable> {
  const { files, folders, truncated } = await collectFiles(port, point, items);
  const pack = tarStream.pack();
  void (async () => {
    try {
      for (const f of folders) pack.entry({ name: `${f}/`, type: 'directory' });
      for (const f of files) {
        await new Promise<void>((resolve, reject) => {
          const entry = pack.entry({ name: f.name, size: f.size, mtime: f.mtime }, (err) =>
            err ? reject(err) : resolve(),
          );
          const source = fileStream(port, point, f.source, f.size);
          source.on('error', reject);
          source.pipe(entry);
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
