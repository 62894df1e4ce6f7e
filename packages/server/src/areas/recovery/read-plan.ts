import { PassThrough, Readable } from 'node:stream';
import type { FilesPort, RestorePointRef } from '@lifeboat/contract';

// How the files of a selection are read from the files port, for a download's archive and an
// FTPS export's home alike (issue 13.4, 25.5): where the source reads a whole folder in one run
// (restic dump of a folder as a tar), each chosen folder is one read, not one per file (every
// restic run costs 0.3 to 0.6 s).

const CHUNK = 1 << 20;

/** A chosen item: its absolute path at the point and what it is. */
export interface ReadItem {
  path: string;
  entry: { type: 'file' | 'folder' };
}

export const joinPath = (parent: string, name: string): string =>
  parent === '' ? name : parent.endsWith('/') ? `${parent}${name}` : `${parent}/${name}`;

export interface PackedFile {
  /** Where it goes: its path inside the archive or the export's home. */
  name: string;
  source: string;
  size: number;
  mtime: Date;
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

/** Loose files of one folder from which reading the whole folder once beats one read per file. */
const GROUP_MIN = 4;
/** What reading a folder for its loose files may read besides them: the larger of this and theirs. */
const GROUP_SLACK_BYTES = 64 * 1024 * 1024;
/** Folders and files looked at in the cache to weigh a folder read; beyond it, one read per file. */
const GROUP_WALK_MAX = 5000;

/** One read of the source: a file, or a folder of which `only` is kept (by source path). */
export type Part = { file: PackedFile } | { folder: string; only: Map<string, PackedFile> };

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
export async function planReads(
  port: FilesPort,
  point: RestorePointRef,
  items: readonly ReadItem[],
  files: readonly PackedFile[],
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
export interface Packing {
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
export async function* packings(
  port: FilesPort,
  point: RestorePointRef,
  parts: Part[],
): AsyncGenerator<Packing> {
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
