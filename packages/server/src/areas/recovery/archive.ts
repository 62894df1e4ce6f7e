import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
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

/** Loose files of one folder from which reading the whole folder once beats one read per file. */
const GROUP_MIN = 4;
/** What reading a folder for its loose files may read besides them: the larger of this and theirs. */
const GROUP_SLACK_BYTES = 64 * 1024 * 1024;
/** Folders and files looked at in the cache to weigh a folder read; beyond it, one read per file. */
const GROUP_WALK_MAX = 5000;

/** One read of the source: a file, or a folder of which `only` is kept (by source path). */
type Part = { file: PackedFile } | { folder: string; only: Map<string, PackedFile> };

const parentOf = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';

/** The bytes under a folder from the cache, or null past GROUP_WALK_MAX entries. */
async function treeBytes(port: FilesPort, point: RestorePointRef, folder: string): Promise<number | null> {
  let bytes = 0;
  let seen = 0;
  const queue = [folder];
  while (queue.length > 0) {
    const next = queue.shift() as string;
    for (const e of (await port.listFiles(point, next)) ?? []) {
      if (++seen > GROUP_WALK_MAX) return null;
      if (e.type === 'folder') queue.push(joinPath(next, e.name));
      else bytes += e.size;
    }
  }
  return bytes;
}

/**
 * How the archive's files are read: where the source reads a whole folder in one run (restic
 * dump of a folder), each chosen folder is one read, and loose files of one folder are one read
 * of that folder when it holds little else; every other file is a read of its own.
 */
async function planReads(
  port: FilesPort,
  point: RestorePointRef,
  items: ArchiveItem[],
  files: PackedFile[],
): Promise<Part[]> {
  if (!port.readFolder) return files.map((file) => ({ file }));
  const parts: Part[] = [];
  let loose = files;
  for (const item of items) {
    if (item.entry.type !== 'folder') continue;
    const prefix = item.path.endsWith('/') ? item.path : `${item.path}/`;
    const only = new Map(loose.filter((f) => f.source.startsWith(prefix)).map((f) => [f.source, f]));
    if (only.size === 0) continue;
    parts.push({ folder: item.path, only });
    loose = loose.filter((f) => !only.has(f.source));
  }
  const byParent = new Map<string, PackedFile[]>();
  for (const f of loose) byParent.set(parentOf(f.source), [...(byParent.get(parentOf(f.source)) ?? []), f]);
  for (const [parent, group] of byParent) {
    if (group.length >= GROUP_MIN) {
      const chosen = group.reduce((n, f) => n + f.size, 0);
      const all = await treeBytes(port, point, parent);
      if (all !== null && all - chosen <= Math.max(GROUP_SLACK_BYTES, chosen)) {
        parts.push({ folder: parent, only: new Map(group.map((f) => [f.source, f])) });
        continue;
      }
    }
    for (const file of group) parts.push({ file });
  }
  return parts;
}

/** A file ready to pack: its name in the archive, its bytes and their count. */
interface Packing {
  file: PackedFile;
  size: number;
  stream: Readable;
}

/** A folder read's content as a stream: piped as it is when it is one (tar-stream's stall when iterated). */
const asStream = (content: AsyncIterable<Uint8Array>): Readable =>
  typeof (content as Partial<Readable>).pipe === 'function'
    ? (content as Readable)
    : Readable.from(content, { objectMode: false });

/** Each file of the parts in turn; the caller packs one before asking for the next. */
async function* packings(port: FilesPort, point: RestorePointRef, parts: Part[]): AsyncGenerator<Packing> {
  for (const part of parts) {
    if ('file' in part) {
      const f = part.file;
      yield { file: f, size: f.size, stream: fileStream(port, point, f.source, f.size) };
      continue;
    }
    const run = await port.readFolder?.(point, part.folder);
    if (run) {
      for await (const got of run) {
        const f = part.only.get(got.path);
        if (!f) continue;
        part.only.delete(got.path);
        yield { file: f, size: got.size, stream: asStream(got.content) };
      }
    }
    // What the folder's read did not give (a source without folder reads): one read each.
    for (const f of part.only.values())
      yield { file: f, size: f.size, stream: fileStream(port, point, f.source, f.size) };
  }
}

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
