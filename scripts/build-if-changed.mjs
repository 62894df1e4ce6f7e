// Run by `npm start` (scripts/start.mjs): builds the server bundle and the web app (scripts/build.mjs) only when a
// source changed since the last build. The stamp is a hash of every file the build reads (the
// packages' sources and configs, the lockfile, the build scripts), kept beside the bundle.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(ROOT, 'packages/server/dist/build-stamp');
const OUTPUTS = ['packages/server/dist/main.js', 'packages/web/dist/index.html'];
const INPUTS = [
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/build-if-changed.mjs',
  ...['contract', 'db', 'fleet', 'server'].flatMap((p) => [
    `packages/${p}/package.json`,
    `packages/${p}/src`,
  ]),
  'packages/web/package.json',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/tsconfig.app.json',
  'packages/web/public',
  'packages/web/src',
];
// Tests are not part of either build.
const skipped = (name) => /\.test\.tsx?$/.test(name) || name === 'test';

function walk(rel, out) {
  const abs = path.join(ROOT, rel);
  let stat;
  try {
    stat = fs.statSync(abs);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) if (!skipped(name)) walk(path.join(rel, name), out);
  } else out.push(rel);
}

export function sourceHash() {
  const files = [];
  for (const rel of INPUTS) walk(rel, files);
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, rel)));
  }
  return hash.digest('hex');
}

export function buildIsCurrent(hash = sourceHash()) {
  const stamp = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  return stamp === hash && OUTPUTS.every((f) => fs.existsSync(path.join(ROOT, f)));
}

/** Builds when a source changed since the last build (or nothing was built yet). */
export async function buildIfChanged() {
  const hash = sourceHash();
  if (buildIsCurrent(hash)) return;
  process.stdout.write('Building the console (sources changed since the last build)...\n');
  const { buildServer, buildWeb } = await import('./build.mjs');
  await buildServer();
  buildWeb();
  fs.writeFileSync(STAMP, `${hash}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfChanged();
