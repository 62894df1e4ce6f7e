import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FtpsExportType, FtpsFormat, RecoveryEntry, RestorePointRef } from '@lifeboat/contract';
import { writeDiskImage } from '@lifeboat/contract/node';
import type { AppContext } from '../../context';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../../data-folder';
import { type PackedFile, packings, planReads, type ReadItem } from '../recovery/read-plan';

// What an export's home folder holds (issue 13.4): the chosen folders and files of the restore
// point with their real content (read through the files port, the same bytes a download gives),
// or one disk image. Written into a staging folder, then renamed into place, so a login never
// sees half an export.

/** Limits of a files-and-folders export: beyond them the export fails with a sentence. */
export const FFR_LIMITS = { bytes: 4 * 1024 ** 3, entries: 20_000 } as const;

export class ExportTooLargeError extends Error {}

const TOO_MANY = `The selection holds more than ${FFR_LIMITS.entries.toLocaleString('en-US')} files and folders: choose fewer folders.`;
const TOO_BIG = 'The selection is larger than 4 GB: choose fewer folders.';

/**
 * Count a selection from the tree's listings alone (no file is read), stopping at the first limit
 * passed: start refuses a selection the export would fail on (a whole drive), instead of copying
 * gigabytes first. Throws ExportTooLargeError with the sentence the wizard shows.
 */
export async function measureSelection(
  ctx: Pick<AppContext, 'ports'>,
  point: RestorePointRef,
  paths: readonly string[],
): Promise<{ entries: number; bytes: number }> {
  const files = ctx.ports.files;
  let entries = 0;
  let bytes = 0;
  const count = (size: number) => {
    if (++entries > FFR_LIMITS.entries) throw new ExportTooLargeError(TOO_MANY);
    bytes += size;
    if (bytes > FFR_LIMITS.bytes) throw new ExportTooLargeError(TOO_BIG);
  };
  const walk = async (dir: string) => {
    for (const c of (await files.listFiles(point, dir)) ?? []) {
      count(c.type === 'file' ? c.size : 0);
      if (c.type === 'folder') await walk(`${dir.replace(/\/+$/, '')}/${c.name}`);
    }
  };
  for (const p of paths) {
    const entry = await files.statFile(point, p);
    if (!entry) continue;
    count(entry.type === 'file' ? entry.size : 0);
    if (entry.type === 'folder') await walk(p);
  }
  return { entries, bytes };
}

/** A point's path as a relative path inside the home folder ('C:/Users/x' -> 'C/Users/x'). */
export function homePath(p: string): string {
  const parts = p
    .split(/[\\/]+/)
    .map((s) => s.replace(/:$/, '').replace(/[\0]/g, ''))
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  return parts.join('/');
}

/**
 * Writes the chosen files and folders into `dest` with their bytes, read as a download reads them
 * (read-plan.ts): a chosen folder of a restic point is one `restic dump`, whatever its file count.
 * The limits are checked from the listings before any byte is read.
 */
export async function copyPaths(
  ctx: Pick<AppContext, 'ports'>,
  point: RestorePointRef,
  paths: readonly string[],
  dest: string,
  signal: AbortSignal,
  onBytes: (bytes: number) => Promise<void>,
): Promise<number> {
  const files = ctx.ports.files;
  const items: ReadItem[] = [];
  const chosen: PackedFile[] = [];
  let planned = 0;
  let entries = 0;
  const walk = async (src: string, entry: RecoveryEntry) => {
    if (++entries > FFR_LIMITS.entries) throw new ExportTooLargeError(TOO_MANY);
    if (entry.type === 'file') {
      planned += entry.size;
      if (planned > FFR_LIMITS.bytes) throw new ExportTooLargeError(TOO_BIG);
      chosen.push({ name: homePath(src), source: src, size: entry.size, mtime: new Date(entry.modifiedAt) });
      return;
    }
    await fs.mkdir(path.join(dest, homePath(src)), { recursive: true, mode: PRIVATE_FOLDER });
    for (const c of (await files.listFiles(point, src)) ?? [])
      await walk(`${src.replace(/\/+$/, '')}/${c.name}`, c);
  };
  for (const p of paths) {
    const entry = await files.statFile(point, p);
    if (!entry) continue;
    items.push({ path: p, entry });
    await walk(p, entry);
  }
  let bytes = 0;
  for await (const p of packings(files, point, await planReads(files, point, items, chosen))) {
    if (signal.aborted) {
      p.stream.destroy();
      throw new Error('stopped');
    }
    const to = path.join(dest, p.file.name);
    await fs.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_FOLDER });
    await writeTo(p.stream, to);
    bytes += p.size;
    await onBytes(bytes);
  }
  return bytes;
}

/** Pipes a file's stream into a new private file (piped, not iterated: see read-plan.ts). */
function writeTo(stream: Readable, to: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const out = createWriteStream(to, { mode: PRIVATE_FILE });
    stream.once('error', (err) => {
      out.destroy();
      reject(err);
    });
    out.once('error', reject);
    out.once('close', () => resolve());
    stream.pipe(out);
  });
}

export const DISK_EXT: Record<FtpsFormat, string> = { VHD: 'vhd', VHDX: 'vhdx', VMDK: 'vmdk' };

export async function writeDisk(
  dest: string,
  name: string,
  format: FtpsFormat,
  sizeBytes: number,
  exportType: FtpsExportType,
): Promise<number> {
  await fs.mkdir(dest, { recursive: true, mode: PRIVATE_FOLDER });
  const file = path.join(dest, `${name}.${DISK_EXT[format]}`);
  const length = await writeDiskImage(file, { format, sizeBytes, vhdType: exportType });
  await fs.chmod(file, PRIVATE_FILE);
  return length;
}

/** Put a staged folder in place of the home folder. */
export async function publish(staging: string, home: string): Promise<void> {
  await fs.rm(home, { recursive: true, force: true });
  await fs.rename(staging, home);
}

export const removeHome = (home: string) => fs.rm(home, { recursive: true, force: true });
