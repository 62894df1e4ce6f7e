import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// Empty virtual disks of a given size (VHD fixed or dynamic, VMDK monolithicSparse, VHDX dynamic),
// laid out as each format's specification says so standard tools (qemu-img, Hyper-V, VMware)
// read them. Only headers and tables are produced; everything else is zero, so a 500 GB disk
// costs a few kilobytes as a sparse file and a few MB as bytes. Used by FTPS virtual-disk exports
// (issue 13.4, docs/decisions.md 'FTPS disk images') and by the simulated appliance's VM disk
// download (spec: recovery-flow 1 'Export a virtual machine or virtual disk as VMDK, VHD or VHDX').

export type DiskFormat = 'VHD' | 'VHDX' | 'VMDK';

export interface DiskImageOptions {
  format: DiskFormat;
  /** Rounded up to whole 512-byte sectors. */
  sizeBytes: number;
  /** VHD only: 'fixed' is the whole disk then a footer; VMDK and VHDX are always sparse. */
  vhdType?: 'fixed' | 'dynamic';
  /** The extent's file name inside a VMDK's descriptor. */
  fileName?: string;
  /** VHD's creation time (ms); now by default. */
  createdAt?: number;
  /** 16 bytes for each identifier (by purpose); random by default, seeded for a repeatable image. */
  id?: (purpose: string) => Uint8Array;
}

/** An image as its length plus the non-zero pieces; the rest of the file is zeros. */
export interface DiskImageLayout {
  length: number;
  pieces: [offset: number, bytes: Uint8Array][];
}

const SECTOR = 512;
const KB = 1024;
const MB = 1024 * KB;

export function diskImageLayout(opts: DiskImageOptions): DiskImageLayout {
  const size = Math.ceil(opts.sizeBytes / SECTOR) * SECTOR;
  const id = opts.id ?? (() => randomBytes(16));
  if (opts.format === 'VHD') return vhd(size, opts.vhdType ?? 'dynamic', opts.createdAt ?? Date.now(), id);
  if (opts.format === 'VMDK') return vmdk(size, opts.fileName ?? 'disk.vmdk', id);
  return vhdx(size, id);
}

/** The whole image in memory (a fixed VHD is the disk's size: write it with writeDiskImage instead). */
export function diskImageBytes(opts: DiskImageOptions): Uint8Array {
  const layout = diskImageLayout(opts);
  if (layout.length > 256 * MB) throw new RangeError('This image is too large to build in memory.');
  const out = new Uint8Array(layout.length);
  for (const [offset, bytes] of layout.pieces) out.set(bytes, offset);
  return out;
}

/** Write the image at `file` as a sparse file (holes for the zeros) and return its length. */
export async function writeDiskImage(file: string, opts: DiskImageOptions): Promise<number> {
  const layout = diskImageLayout({ fileName: path.basename(file), ...opts });
  const fh = await fs.open(file, 'w');
  try {
    await fh.truncate(layout.length);
    for (const [offset, bytes] of layout.pieces) await fh.write(bytes, 0, bytes.length, offset);
  } finally {
    await fh.close();
  }
  return layout.length;
}

// --- helpers -------------------------------------------------------------------------------------

function ascii(view: Uint8Array, at: number, text: string) {
  for (let i = 0; i < text.length; i++) view[at + i] = text.charCodeAt(i);
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** One's complement of the byte sum (VHD footer and dynamic header). */
function onesComplementSum(bytes: Uint8Array): number {
  let sum = 0;
  for (const b of bytes) sum = (sum + b) >>> 0;
  return ~sum >>> 0;
}

// --- VHD (Microsoft Virtual Hard Disk Image Format Specification 1.0) ---------------------------

const VHD_BLOCK = 2 * MB;

/** CHS geometry of the VHD specification's appendix. */
export function vhdGeometry(size: number): { c: number; h: number; s: number } {
  const total = Math.min(size / SECTOR, 65535 * 16 * 255);
  let spt: number;
  let heads: number;
  let cth: number;
  if (total >= 65535 * 16 * 63) {
    spt = 255;
    heads = 16;
    cth = Math.floor(total / spt);
  } else {
    spt = 17;
    cth = Math.floor(total / spt);
    heads = Math.max(4, Math.floor((cth + 1023) / 1024));
    if (cth >= heads * 1024 || heads > 16) {
      spt = 31;
      heads = 16;
      cth = Math.floor(total / spt);
    }
    if (cth >= heads * 1024) {
      spt = 63;
      heads = 16;
      cth = Math.floor(total / spt);
    }
  }
  return { c: Math.floor(cth / heads), h: heads, s: spt };
}

function vhdFooter(
  size: number,
  dynamic: boolean,
  createdAt: number,
  id: (p: string) => Uint8Array,
): Uint8Array {
  const f = new Uint8Array(SECTOR);
  const v = dataView(f);
  ascii(f, 0, 'conectix');
  v.setUint32(8, 2);
  v.setUint32(12, 0x00010000);
  v.setBigUint64(16, dynamic ? 512n : 0xffffffffffffffffn); // the dynamic header follows the footer copy
  v.setUint32(24, Math.max(0, Math.floor((createdAt - Date.UTC(2000, 0, 1)) / 1000)) >>> 0);
  ascii(f, 28, 'win '); // readers take the size from current_size rather than from the CHS geometry
  v.setUint32(32, 0x000a0000);
  ascii(f, 36, 'Wi2k');
  v.setBigUint64(40, BigInt(size));
  v.setBigUint64(48, BigInt(size));
  const g = vhdGeometry(size);
  v.setUint16(56, g.c);
  v.setUint8(58, g.h);
  v.setUint8(59, g.s);
  v.setUint32(60, dynamic ? 3 : 2);
  f.set(id('vhd-id').subarray(0, 16), 68);
  v.setUint32(64, onesComplementSum(f));
  return f;
}

function vhd(
  size: number,
  type: 'fixed' | 'dynamic',
  createdAt: number,
  id: (p: string) => Uint8Array,
): DiskImageLayout {
  if (type === 'fixed') {
    // The data itself, all zeros (a hole), then the footer.
    return { length: size + SECTOR, pieces: [[size, vhdFooter(size, false, createdAt, id)]] };
  }
  const entries = Math.ceil(size / VHD_BLOCK);
  const batBytes = Math.ceil((entries * 4) / SECTOR) * SECTOR;
  const footer = vhdFooter(size, true, createdAt, id);
  const header = new Uint8Array(1024);
  const v = dataView(header);
  ascii(header, 0, 'cxsparse');
  v.setBigUint64(8, 0xffffffffffffffffn);
  v.setBigUint64(16, 1536n);
  v.setUint32(24, 0x00010000);
  v.setUint32(28, entries);
  v.setUint32(32, VHD_BLOCK);
  v.setUint32(36, onesComplementSum(header));
  const bat = new Uint8Array(batBytes).fill(0xff); // every block unallocated
  return {
    length: 1536 + batBytes + SECTOR,
    pieces: [
      [0, footer],
      [512, header],
      [1536, bat],
      [1536 + batBytes, footer],
    ],
  };
}

// --- VMDK (VMware Virtual Disk Format 1.1, hosted sparse extent) --------------------------------

function vmdk(size: number, fileName: string, id: (p: string) => Uint8Array): DiskImageLayout {
  const sectors = size / SECTOR;
  const grain = 128; // 64 KiB
  const gtes = 512;
  const gdEntries = Math.ceil(sectors / (grain * gtes));
  const descOffset = 1;
  const descSectors = 20;
  const gdOffset = descOffset + descSectors;
  const gdSectors = Math.ceil((gdEntries * 4) / SECTOR);
  const overhead = Math.ceil((gdOffset + gdSectors) / grain) * grain;
  const head = new Uint8Array(gdOffset * SECTOR);
  const v = dataView(head);
  ascii(head, 0, 'KDMV');
  v.setUint32(4, 1, true);
  v.setUint32(8, 1, true); // valid newline-detection test; no redundant grain directory
  v.setBigUint64(12, BigInt(sectors), true);
  v.setBigUint64(20, BigInt(grain), true);
  v.setBigUint64(28, BigInt(descOffset), true);
  v.setBigUint64(36, BigInt(descSectors), true);
  v.setUint32(44, gtes, true);
  v.setBigUint64(48, 0n, true);
  v.setBigUint64(56, BigInt(gdOffset), true);
  v.setBigUint64(64, BigInt(overhead), true);
  ascii(head, 73, '\n \r\n');
  const cylinders = Math.min(16383, Math.floor(sectors / (16 * 63)));
  const cid = Array.from(id('vmdk-cid').subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join('');
  const descriptor = [
    '# Disk DescriptorFile',
    'version=1',
    `CID=${cid}`,
    'parentCID=ffffffff',
    'createType="monolithicSparse"',
    '',
    '# Extent description',
    `RW ${sectors} SPARSE "${fileName.replace(/"/g, '')}"`,
    '',
    '# The Disk Data Base',
    '#DDB',
    '',
    'ddb.virtualHWVersion = "4"',
    `ddb.geometry.cylinders = "${cylinders}"`,
    'ddb.geometry.heads = "16"',
    'ddb.geometry.sectors = "63"',
    'ddb.adapterType = "lsilogic"',
    '',
  ].join('\n');
  ascii(head, descOffset * SECTOR, descriptor);
  // The grain directory stays zero: no grain table, every grain unallocated.
  return { length: overhead * SECTOR, pieces: [[0, head]] };
}

// --- VHDX (Microsoft VHDX Format Specification 1.0) --------------------------------------------

const CRC32C = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32c(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC32C[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A Microsoft GUID constant in its on-disk (mixed-endian) layout. */
function msGuid(text: string): Uint8Array {
  const hex = text.replace(/-/g, '');
  const b = Uint8Array.from({ length: 16 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
  b.subarray(0, 4).reverse();
  b.subarray(4, 6).reverse();
  b.subarray(6, 8).reverse();
  return b;
}

const VHDX_BLOCK = 32 * MB;
const GUIDS = {
  bat: '2DC27766-F623-4200-9D64-115E9BFD4A08',
  metadata: '8B7CA206-4790-4B9A-B8FE-575F050F886E',
  fileParameters: 'CAA16737-FA36-4D43-B3B6-33F0AA44E76B',
  diskSize: '2FA54224-CD1B-4876-B211-5DBED83BF4B8',
  page83: 'BECA12AB-B2E6-4523-93EF-C309E000C746',
  logicalSector: '8141BF1D-A96F-4709-BA47-F233A8FAAB5F',
  physicalSector: 'CDA348C7-445D-4471-9CC9-E9885251C556',
};

function vhdx(size: number, id: (p: string) => Uint8Array): DiskImageLayout {
  const logOffset = MB;
  const metaOffset = 2 * MB;
  const batOffset = 3 * MB;
  const dataBlocks = Math.ceil(size / VHDX_BLOCK);
  const chunkRatio = (2 ** 23 * SECTOR) / VHDX_BLOCK;
  const batEntries = dataBlocks + Math.floor((dataBlocks - 1) / chunkRatio);
  const batLength = Math.ceil((batEntries * 8) / MB) * MB;

  // File type identifier, then two headers (64 KiB and 128 KiB), each 4 KiB with its CRC-32C,
  // then two copies of the region table (192 KiB and 256 KiB), 64 KiB each.
  const head = new Uint8Array(320 * KB);
  const v = dataView(head);
  ascii(head, 0, 'vhdxfile');
  const creator = 'Lifeboat';
  for (let i = 0; i < creator.length; i++) v.setUint16(8 + i * 2, creator.charCodeAt(i), true);
  const fileWrite = id('vhdx-file-write').subarray(0, 16);
  const dataWrite = id('vhdx-data-write').subarray(0, 16);
  for (const [at, seq] of [
    [64 * KB, 1n],
    [128 * KB, 2n],
  ] as const) {
    ascii(head, at, 'head');
    v.setBigUint64(at + 8, seq, true);
    head.set(fileWrite, at + 16);
    head.set(dataWrite, at + 32);
    // LogGuid (at + 48) stays zero: there is no log to replay.
    v.setUint16(at + 64, 0, true);
    v.setUint16(at + 66, 1, true);
    v.setUint32(at + 68, MB, true);
    v.setBigUint64(at + 72, BigInt(logOffset), true);
    v.setUint32(at + 4, crc32c(head.subarray(at, at + 4 * KB)), true);
  }
  for (const at of [192 * KB, 256 * KB]) {
    ascii(head, at, 'regi');
    v.setUint32(at + 8, 2, true);
    const entry = (i: number, guid: string, offset: number, length: number) => {
      const e = at + 16 + i * 32;
      head.set(msGuid(guid), e);
      v.setBigUint64(e + 16, BigInt(offset), true);
      v.setUint32(e + 24, length, true);
      v.setUint32(e + 28, 1, true); // required
    };
    entry(0, GUIDS.bat, batOffset, batLength);
    entry(1, GUIDS.metadata, metaOffset, MB);
    v.setUint32(at + 4, crc32c(head.subarray(at, at + 64 * KB)), true);
  }

  // Metadata region: a table of five items, the items from 64 KiB on.
  const meta = new Uint8Array(64 * KB + 256);
  const m = dataView(meta);
  ascii(meta, 0, 'metadata');
  const page83 = id('vhdx-page83').subarray(0, 16);
  const items: [string, number, (at: number) => void, number][] = [
    [GUIDS.fileParameters, 8, (at) => m.setUint32(at, VHDX_BLOCK, true), 0b100],
    [GUIDS.diskSize, 8, (at) => m.setBigUint64(at, BigInt(size), true), 0b110],
    [GUIDS.page83, 16, (at) => meta.set(page83, at), 0b110],
    [GUIDS.logicalSector, 4, (at) => m.setUint32(at, SECTOR, true), 0b110],
    [GUIDS.physicalSector, 4, (at) => m.setUint32(at, 4096, true), 0b110],
  ];
  m.setUint16(10, items.length, true);
  let itemOffset = 64 * KB;
  items.forEach(([guid, length, write, flags], i) => {
    const e = 32 + i * 32;
    meta.set(msGuid(guid), e);
    m.setUint32(e + 16, itemOffset, true);
    m.setUint32(e + 20, length, true);
    m.setUint32(e + 24, flags, true);
    write(itemOffset);
    itemOffset += length;
  });
  // The BAT stays zero: every payload block PAYLOAD_BLOCK_NOT_PRESENT.
  return {
    length: batOffset + batLength,
    pieces: [
      [0, head],
      [metaOffset, meta],
    ],
  };
}
