import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  FilesPort,
  FtpsExportType,
  FtpsFormat,
  PointDiskImage,
  RestorePointRef,
} from '@lifeboat/contract';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../../data-folder';
import { DISK_EXT } from './materialize';

// A virtual disk export of a real disk image (issue 25.5): the raw image a restore point holds (a
// restic `--stdin` image, an *.img or *.raw file) is streamed next to the export, then converted by
// qemu-img into the format asked for (qemu-img reads a seekable file, not a pipe), and the raw
// copy removed. The simulator's points have no image: their exports are written by writeDisk.

const run = promisify(execFile);

/** qemu-img's name of each format and its options for the export type the wizard asked for. */
function qemuTarget(format: FtpsFormat, exportType: FtpsExportType): string[] {
  if (format === 'VMDK') return ['-O', 'vmdk'];
  const sub = exportType === 'fixed' ? 'fixed' : 'dynamic';
  return ['-O', format === 'VHD' ? 'vpc' : 'vhdx', '-o', `subformat=${sub}`];
}

export class DiskConvertError extends Error {}

/** Writes `<dest>/<name>.<ext>` converted from the point's image; answers its size in bytes. */
export async function convertDiskImage(
  files: FilesPort,
  point: RestorePointRef,
  image: PointDiskImage,
  dest: string,
  name: string,
  format: FtpsFormat,
  exportType: FtpsExportType,
  signal: AbortSignal,
): Promise<number> {
  await fs.mkdir(dest, { recursive: true, mode: PRIVATE_FOLDER });
  const raw = path.join(dest, `.${name}.raw`);
  const out = path.join(dest, `${name}.${DISK_EXT[format]}`);
  const stream = await files.readStream?.(point, image.path);
  if (!stream) throw new DiskConvertError('The disk image is no longer in this restore point.');
  const fh = await fs.open(raw, 'w', PRIVATE_FILE);
  try {
    for await (const chunk of stream) {
      if (signal.aborted) throw new Error('stopped');
      await fh.write(chunk);
    }
  } finally {
    await fh.close();
  }
  try {
    await run('qemu-img', ['convert', '-f', 'raw', ...qemuTarget(format, exportType), raw, out], {
      signal,
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new DiskConvertError(
      e.code === 'ENOENT'
        ? 'qemu-img is not installed on the console’s server: its operator installs the qemu-utils package.'
        : `The disk image could not be converted to ${format}.`,
    );
  } finally {
    await fs.rm(raw, { force: true });
  }
  await fs.chmod(out, PRIVATE_FILE);
  return (await fs.stat(out)).size;
}

/**
 * A virtual disk download (docs/decisions.md 'Virtual disk download'): the image converted into a
 * private folder of its own under `tmpRoot` (the data folder), then read from there in chunks
 * (bounded memory); the folder is removed when the stream closes, read to its end or not.
 */
export async function diskDownloadStream(
  files: FilesPort,
  point: RestorePointRef,
  image: PointDiskImage,
  tmpRoot: string,
  format: FtpsFormat,
  exportType: FtpsExportType,
): Promise<{ size: number; stream: ReadStream }> {
  const dest = path.join(tmpRoot, randomUUID());
  const remove = () => fs.rm(dest, { recursive: true, force: true }).catch(() => {});
  try {
    await fs.mkdir(tmpRoot, { recursive: true, mode: PRIVATE_FOLDER });
    const size = await convertDiskImage(
      files,
      point,
      image,
      dest,
      'disk',
      format,
      exportType,
      new AbortController().signal,
    );
    const stream = createReadStream(path.join(dest, `disk.${DISK_EXT[format]}`));
    stream.once('close', () => void remove());
    return { size, stream };
  } catch (err) {
    await remove();
    throw err;
  }
}
