import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng, PNG_SIGNATURE } from './png';
import { renderScreenshot } from './screenshot';

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
}

function chunks(png: Buffer): Chunk[] {
  const out: Chunk[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    out.push({ type, data: png.subarray(at + 8, at + 8 + length), crc: png.readUInt32BE(at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

describe('renderScreenshot', () => {
  const sizes = [
    [250, 156],
    [64, 40],
    [1024, 640],
  ] as const;
  const looks = [
    ['WINDOWS', true],
    ['WINDOWS', false],
    ['LINUX', true],
    ['LINUX', false],
    ['MAC_OS_X', true],
    ['MAC_OS_X', false],
  ] as const;

  it.each(sizes)('writes a valid %ix%i PNG for every look', (width, height) => {
    for (const [osType, ok] of looks) {
      const png = renderScreenshot(7, { width, height, hostname: 'FS01-ACME', osType, ok });
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const parts = chunks(png);
      expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      for (const c of parts) expect(crc32(Buffer.concat([Buffer.from(c.type, 'ascii'), c.data]))).toBe(c.crc);
      const ihdr = (parts[0] as Chunk).data;
      expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([width, height, 8, 2]);
      expect(inflateSync((parts[1] as Chunk).data).length).toBe((width * 3 + 1) * height);
    }
  });

  it('is deterministic and depends on the seed and the outcome', () => {
    const o = { width: 250, height: 156, hostname: 'DC01-ACME', osType: 'WINDOWS', ok: true };
    const a = renderScreenshot(1, o);
    expect(renderScreenshot(1, o).equals(a)).toBe(true);
    expect(renderScreenshot(2, o).equals(a)).toBe(false);
    expect(renderScreenshot(1, { ...o, ok: false }).equals(a)).toBe(false);
  });
});

describe('encodePng', () => {
  it('round-trips pixels through the Up filter', () => {
    const rgb = new Uint8Array(4 * 3 * 3).map((_, i) => (i * 37) % 256);
    const png = encodePng(4, 3, rgb);
    const raw = inflateSync((chunks(png)[1] as Chunk).data);
    const decoded: number[] = [];
    for (let y = 0; y < 3; y++) {
      expect(raw[y * 13]).toBe(2);
      for (let i = 0; i < 12; i++) {
        const above = y > 0 ? (decoded[(y - 1) * 12 + i] as number) : 0;
        decoded.push(((raw[y * 13 + 1 + i] as number) + above) & 0xff);
      }
    }
    expect(decoded).toEqual([...rgb]);
  });
});
