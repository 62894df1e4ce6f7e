import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32c, type DiskFormat, diskImageBytes, vhdGeometry, writeDiskImage } from './disk-image';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-disk-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const GB = 1024 ** 3;
const QEMU = '/usr/bin/qemu-img';

describe('disk images', () => {
  it('CRC-32C matches the standard check value', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
  });

  it('a fixed VHD is the disk plus a valid footer, and sparse', async () => {
    const file = path.join(dir, 'a.vhd');
    const len = await writeDiskImage(file, { format: 'VHD', sizeBytes: 20 * GB, vhdType: 'fixed' });
    expect(len).toBe(20 * GB + 512);
    const fd = fs.openSync(file, 'r');
    const footer = Buffer.alloc(512);
    fs.readSync(fd, footer, 0, 512, 20 * GB);
    fs.closeSync(fd);
    expect(footer.subarray(0, 8).toString()).toBe('conectix');
    expect(footer.readBigUInt64BE(48)).toBe(BigInt(20 * GB));
    const sum = footer.readUInt32BE(64);
    footer.writeUInt32BE(0, 64);
    let s = 0;
    for (const b of footer) s += b;
    expect(sum).toBe(~s >>> 0);
    // Sparse: a few blocks on disk, not 20 GB.
    expect(fs.statSync(file).blocks * 512).toBeLessThan(1024 * 1024);
    expect(vhdGeometry(20 * GB)).toEqual({ c: 41610, h: 16, s: 63 });
  });

  it('a VMDK and a VHDX written to a file carry their signatures and the disk size', async () => {
    const vmdk = path.join(dir, 'b.vmdk');
    await writeDiskImage(vmdk, { format: 'VMDK', sizeBytes: 20 * GB });
    const h = fs.readFileSync(vmdk);
    expect(h.subarray(0, 4).toString()).toBe('KDMV');
    expect(h.readBigUInt64LE(12)).toBe(BigInt((20 * GB) / 512));
    expect(h.subarray(512, 2048).toString()).toContain('createType="monolithicSparse"');
    expect(h.subarray(512, 2048).toString()).toContain('SPARSE "b.vmdk"');

    const vhdx = path.join(dir, 'c.vhdx');
    await writeDiskImage(vhdx, { format: 'VHDX', sizeBytes: 20 * GB });
    const x = fs.readFileSync(vhdx);
    expect(x.subarray(0, 8).toString()).toBe('vhdxfile');
    const head = Buffer.from(x.subarray(64 * 1024, 68 * 1024));
    expect(head.subarray(0, 4).toString()).toBe('head');
    const crc = head.readUInt32LE(4);
    head.writeUInt32LE(0, 4);
    expect(crc32c(head)).toBe(crc);
    expect(x.subarray(192 * 1024, 192 * 1024 + 4).toString()).toBe('regi');
    expect(x.subarray(2 * 1024 * 1024, 2 * 1024 * 1024 + 8).toString()).toBe('metadata');
  });

  it.each([
    ['VHD', 'conectix'],
    ['VMDK', 'KDMV'],
    ['VHDX', 'vhdxfile'],
  ] as const)('%s as bytes starts with its signature and stays small (sparse)', (format, magic) => {
    const img = diskImageBytes({ format, sizeBytes: 500 * GB, fileName: 'a.vmdk', createdAt: 0 });
    expect(new TextDecoder().decode(img.subarray(0, magic.length))).toBe(magic);
    expect(img.length).toBeLessThan(8 * 1024 * 1024);
  });

  it('the same identifiers give the same bytes', () => {
    const id = (purpose: string) => new Uint8Array(16).fill(purpose.length);
    const a = diskImageBytes({ format: 'VHDX', sizeBytes: 10 * GB, id });
    const b = diskImageBytes({ format: 'VHDX', sizeBytes: 10 * GB, id });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  // A standard tool reads each image, as bytes and as a sparse file, as its format with the size.
  // CI installs qemu-utils (.ci/run): a missing tool is a failure, not a skip.
  it.each([
    ['VHD', 'vpc', 'dynamic'],
    ['VHD', 'vpc', 'fixed'],
    ['VMDK', 'vmdk', 'dynamic'],
    ['VHDX', 'vhdx', 'dynamic'],
  ] as const)(
    'qemu-img reads %s as %s (%s) with the virtual size',
    async (format: DiskFormat, name, vhdType) => {
      if (!fs.existsSync(QEMU))
        throw new Error(`${QEMU} is missing: install Debian's qemu-utils (apt-get install qemu-utils).`);
      const size = 250 * GB;
      const files = [path.join(dir, `bytes-${vhdType}.${format.toLowerCase()}`)];
      if (vhdType === 'dynamic')
        fs.writeFileSync(
          files[0] as string,
          diskImageBytes({ format, sizeBytes: size, fileName: 'disk.vmdk', createdAt: 1e12 }),
        );
      else files.length = 0;
      const sparse = path.join(dir, `file-${vhdType}.${format.toLowerCase()}`);
      await writeDiskImage(sparse, { format, sizeBytes: size, vhdType });
      files.push(sparse);
      for (const file of files) {
        // qemu-img probes a fixed VHD as raw (its footer is at the end): name the format then.
        const probe = vhdType === 'fixed' ? ['-f', name] : [];
        const info = JSON.parse(execFileSync(QEMU, ['info', '--output=json', ...probe, file]).toString()) as {
          format: string;
          'virtual-size': number;
        };
        expect(info.format).toBe(name);
        expect(info['virtual-size']).toBe(size);
        if (name !== 'vpc') execFileSync(QEMU, ['check', '-f', name, file]); // vpc has no check
      }
    },
  );
});
