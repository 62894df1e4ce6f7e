import { hash32, Rng } from '../generator/rng';
import { buildDocument, isDocumentName } from './documents';
import { resolveFile } from './file-tree';
import { textLine } from './text-lines';
import { keyOf, type Node } from './tree-core';
import type { WorldSystem } from './types';
import { extensionOf } from './vocab';

// File contents: exactly the listed size, the same bytes every time. Text formats get readable
// lines; PDF, Word and Excel files are real documents (documents.ts); other formats start with
// their real signature, then deterministic noise in 64 KiB blocks, so a range can be read
// without producing the whole file.

const BLOCK = 65_536;
const TEXT = new Set([
  'txt',
  'csv',
  'log',
  'conf',
  'ini',
  'cfg',
  'sh',
  'md',
  'json',
  'html',
  'xml',
  'plist',
  'pub',
  '',
]);

const MAGIC: Record<string, number[]> = {
  pdf: [...Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')],
  zip: [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00],
  jpg: [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  exe: [0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00],
  ole: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  gz: [0x1f, 0x8b, 0x08, 0x00],
  mov: [0x00, 0x00, 0x00, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20],
  psd: [0x38, 0x42, 0x50, 0x53, 0x00, 0x01],
  ttf: [0x00, 0x01, 0x00, 0x00],
};
const MAGIC_OF: Record<string, string> = {
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  dotx: 'zip',
  xltx: 'zip',
  zip: 'zip',
  ai: 'pdf',
  pdf: 'pdf',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  exe: 'exe',
  dll: 'exe',
  sys: 'exe',
  msi: 'ole',
  dat: 'ole',
  gz: 'gz',
  mov: 'mov',
  mp4: 'mov',
  psd: 'psd',
  ttf: 'ttf',
  ttc: 'ttf',
};

export function isTextName(name: string): boolean {
  return TEXT.has(extensionOf(name));
}

function textContent(seed: number, node: Node): Buffer {
  if (node.text !== undefined) return Buffer.from(node.text);
  const rng = new Rng(seed);
  const ext = extensionOf(node.name);
  const lines: string[] = [];
  let length = 0;
  for (let n = 0; length < node.size; n++) {
    const line = `${textLine(rng, ext, node.name, n)}\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join('').slice(0, node.size), 'latin1');
}

function block(seed: number, index: number, ext: string, size: number): Buffer {
  const len = Math.min(BLOCK, size - index * BLOCK);
  const out = Buffer.allocUnsafe(len);
  let x = hash32(seed, index) | 1;
  for (let i = 0; i + 4 <= len; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeInt32LE(x | 0, i);
  }
  for (let i = len - (len % 4); i < len; i++) out[i] = (x >>> ((i % 4) * 8)) & 0xff;
  const magic = MAGIC[MAGIC_OF[ext] ?? ''];
  if (index === 0 && magic) for (let i = 0; i < magic.length && i < len; i++) out[i] = magic[i] as number;
  // A PDF ends with its end-of-file marker.
  if (ext === 'pdf' && (index + 1) * BLOCK >= size && len >= 6) out.write('%%EOF\n', len - 6, 'latin1');
  return out;
}

// A document is built whole (its zip checksums and PDF offsets cover all of it): the last few
// are kept, so reading one in ranges (a download, an FTPS transfer) builds it once.
const built = new Map<number, Buffer | null>();
const BUILT_KEPT = 4;

function documentOf(seed: number, node: Node): Buffer | null {
  const hit = built.get(seed);
  if (hit !== undefined) return hit;
  const doc = buildDocument(seed, node.name, node.size, node.modifiedAt);
  if (built.size >= BUILT_KEPT) built.delete(built.keys().next().value as number);
  built.set(seed, doc);
  return doc;
}

/** Bytes [start, end) of a file at a restore point; null when the path is not a file there. */
export function readFileRange(
  system: WorldSystem,
  rpTakenAt: number,
  path: string,
  start: number,
  end: number,
): Buffer | null {
  const file = resolveFile(system, rpTakenAt, path);
  if (!file) return null;
  const { node } = file;
  const from = Math.max(0, Math.min(start, node.size));
  const to = Math.max(from, Math.min(end, node.size));
  const seed = hash32(system.seed, 'content', keyOf(file.path), node.modifiedAt, node.size);
  if (isTextName(node.name) || node.text !== undefined) return textContent(seed, node).subarray(from, to);
  const doc = isDocumentName(node.name) ? documentOf(seed, node) : null;
  if (doc) return doc.subarray(from, to);
  const ext = extensionOf(node.name);
  const parts: Buffer[] = [];
  for (let b = Math.floor(from / BLOCK); b * BLOCK < to; b++) {
    const data = block(seed, b, ext, node.size);
    parts.push(data.subarray(Math.max(0, from - b * BLOCK), Math.min(data.length, to - b * BLOCK)));
  }
  return Buffer.concat(parts, to - from);
}

/** A whole file at a restore point: exactly its listed size. Null when it is not a file there. */
export function readFile(system: WorldSystem, rpTakenAt: number, path: string): Buffer | null {
  return readFileRange(system, rpTakenAt, path, 0, Number.MAX_SAFE_INTEGER);
}
