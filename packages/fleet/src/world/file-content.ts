import { COMPANY_STEMS } from '../generator/names';
import { hash32, Rng } from '../generator/rng';
import { resolveFile } from './file-tree';
import { keyOf, type Node } from './tree-core';
import type { WorldSystem } from './types';
import { extensionOf } from './vocab';

// File contents: exactly the listed size, the same bytes every time. Text formats get readable
// lines; other formats start with their real signature, then deterministic noise in 64 KiB
// blocks, so a range can be read without producing the whole file.

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

const SENTENCES = [
  'Call the landlord about the lease renewal before Friday.',
  'Follow up with accounting on the March invoices.',
  'Order toner for the second floor printer.',
  'Send the signed contract back to legal.',
  'Team meeting moved to Thursday 10:00.',
  'Check the VPN settings on the new laptop.',
  'Quarterly numbers look good; review the travel budget.',
  'Ask IT to add the new hire to the shared drive.',
];

function textLine(rng: Rng, ext: string, name: string, n: number): string {
  const day = `2026-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  if (ext === 'csv') {
    if (n === 0) return 'Date,Reference,Customer,Amount,Status';
    return `${day},INV-${rng.int(10000, 99999)},${rng.pick(COMPANY_STEMS)},${(rng.int(1000, 250000) / 100).toFixed(2)},${rng.pick(['Paid', 'Open', 'Overdue'])}`;
  }
  if (ext === 'log' || name.endsWith('.log') || name === 'syslog') {
    const svc = rng.pick(['sshd', 'systemd', 'CRON', 'kernel', 'lbagent', 'nginx']);
    return `${day}T${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}Z ${svc}[${rng.int(100, 32000)}]: ${rng.pick(['Started session', 'Accepted publickey', 'snapshot completed', 'connection closed', 'job finished with status 0', 'GET /index.html 200'])}`;
  }
  if (ext === 'sh')
    return n === 0
      ? '#!/bin/bash'
      : `${rng.pick(['rsync -a', 'find /var/tmp -mtime +7 -delete', 'systemctl restart', 'tar czf'])} # step ${n}`;
  if (ext === 'ini' || ext === 'conf' || ext === 'cfg' || ext === '')
    return n === 0 ? `# ${name}` : `option_${n} = ${rng.int(0, 9999)}`;
  if (ext === 'json') return n === 0 ? '{' : `  "key${n}": ${rng.int(0, 9999)},`;
  if (ext === 'html' || ext === 'xml' || ext === 'plist')
    return n === 0
      ? '<?xml version="1.0" encoding="UTF-8"?>'
      : `<item id="${n}">${rng.pick(SENTENCES)}</item>`;
  return `- ${rng.pick(SENTENCES)}`;
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
