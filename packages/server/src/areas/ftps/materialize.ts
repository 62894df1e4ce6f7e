import fs from 'node:fs/promises';
import path from 'node:path';
import type { FtpsExportType, FtpsFormat, RestorePointRef } from '@lifeboat/contract';
import { writeDiskImage } from '@lifeboat/contract/node';
import type { AppContext } from '../../context';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../../data-folder';

// What an export's home folder holds (issue 13.4): the chosen folders and files of the restore
// point with their real content (read through the files port, the same bytes a download gives),
// or one disk image. Written into a staging folder, then renamed into place, so a login never
// sees half an export.

/** Limits of a files-and-folders export: beyond them the export fails with a sentence. */
export const FFR_LIMITS = { bytes: 4 * 1024 ** 3, entries: 20_000 } as const;
const CHUNK = 1024 * 1024;

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

export async function copyPaths(
  ctx: Pick<AppContext, 'ports'>,
  point: RestorePointRef,
  paths: readonly string[],
  dest: string,
  signal: AbortSignal,
  onBytes: (bytes: number) => Promise<void>,
): Promise<number> {
  let bytes = 0;
  let entries = 0;
  const files = ctx.ports.files;
  const copyFile = async (src: string, size: number, to: string) => {
    await fs.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_FOLDER });
    const fh = await fs.open(to, 'w', PRIVATE_FILE);
    try {
      // The source's own stream where it has one (restic dump): one read per file, not per chunk.
      const own = await files.readStream?.(point, src);
      if (own) {
        for await (const chunk of own) {
          if (signal.aborted) throw new Error('stopped');
          await fh.write(chunk);
        }
      }
      for (let at = 0; !own && at < size; at += CHUNK) {
        if (signal.aborted) throw new Error('stopped');
        const chunk = await files.readFile(point, src, at, Math.min(size, at + CHUNK));
        if (!chunk) break;
        await fh.write(chunk);
      }
    } finally {
      await fh.close();
    }
    bytes += size;
    await onBytes(bytes);
  };
  const walk = async (src: string) => {
    const entry = await files.statFile(point, src);
    if (!entry) return;
    if (++entries > FFR_LIMITS.entries) throw new ExportTooLargeError(TOO_MANY);
    const to = path.join(dest, homePath(src));
    if (entry.type === 'file') {
      if (bytes + entry.size > FFR_LIMITS.bytes) throw new ExportTooLargeError(TOO_BIG);
      await copyFile(src, entry.size, to);
      return;
    }
    await fs.mkdir(to, { recursive: true, mode: PRIVATE_FOLDER });
    const children = (await files.listFiles(point, src)) ?? [];
    for (const c of children) await walk(`${src.replace(/\/+$/, '')}/${c.name}`);
  };
  for (const p of paths) await walk(p);
  return bytes;
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
