import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Brotli and gzip copies of the built text files, written once at build time next to each file
// (app.js.br, app.js.gz); the server hands the best one the browser accepts (@fastify/static
// preCompressed). Source maps are not compressed: production never serves them.

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Write file.br and file.gz beside every compressible file of `dir` where they are smaller. */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for await (const file of files(dir)) {
    const data = await fs.readFile(file);
    if (data.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
    total.files++;
    total.bytes += data.length;
    total.br += br.length;
    total.gz += gz.length;
  }
  return total;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lifeboat-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      this.info?.(`precompressed ${t.files} files: ${kb(t.bytes)} -> br ${kb(t.br)}, gzip ${kb(t.gz)}`);
    },
  };
}
