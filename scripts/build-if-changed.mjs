// Run by `npm start` (scripts/start.mjs): builds the server bundle and the web app (scripts/build.mjs) only when a
// source changed since the last build. The stamp, kept beside the bundle, holds a hash of every
// file the build reads (the packages' sources and configs, the lockfile, the build scripts) and
// each file's size and modification time. A start compares only the sizes and times (a stat per
// file, a few milliseconds); when any differs, or a file came or went, it hashes the contents,
// and builds only when the hash differs too (a checkout that touched files without changing them
// just refreshes the stamp). So a source edited in place is always seen: its time changes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(ROOT, 'packages/server/dist/build-stamp');
const OUTPUTS = ['packages/server/dist/main.cjs', 'packages/web/dist/index.html'];
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

/** Every input file under `rel`, each as `path size mtime` (one stat per file, none read). */
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
  } else out.push({ rel, line: `${rel}\t${stat.size}\t${stat.mtimeMs}` });
}

function inputFiles() {
  const files = [];
  for (const rel of INPUTS) walk(rel, files);
  return files;
}

export function sourceHash(files = inputFiles()) {
  const hash = createHash('sha256');
  for (const { rel } of files) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, rel)));
  }
  return hash.digest('hex');
}

const statLines = (files) => files.map((f) => f.line);

function readStamp() {
  try {
    const [hash = '', ...stats] = fs.readFileSync(STAMP, 'utf8').trimEnd().split('\n');
    return { hash, stats: stats.join('\n') };
  } catch {
    return { hash: '', stats: '' };
  }
}

const writeStamp = (hash, stats) => fs.writeFileSync(STAMP, `${[hash, ...stats].join('\n')}\n`);

/** True when the build's outputs exist and no input changed since they were built. */
export function buildIsCurrent() {
  if (!OUTPUTS.every((f) => fs.existsSync(path.join(ROOT, f)))) return false;
  const stamp = readStamp();
  if (!stamp.hash) return false;
  const files = inputFiles();
  const stats = statLines(files);
  if (stats.join('\n') === stamp.stats) return true;
  // A size or time differs (or a file came or went): the contents decide.
  const hash = sourceHash(files);
  if (hash !== stamp.hash) return false;
  writeStamp(hash, stats);
  return true;
}

/**
 * The inputs as they are now; call the result once the build from them is done to stamp it. Sizes
 * and times are taken before the build, so a file saved during it is seen at the next start.
 */
export function snapshotInputs() {
  const files = inputFiles();
  const stats = statLines(files);
  const hash = sourceHash(files);
  return () => writeStamp(hash, stats);
}

// Several starts at once (the tests start servers in parallel) build once: the first takes this
// folder as a lock, the others wait for it and then find the build current. A lock left by a
// build that died is taken over after a while.
const LOCK = path.join(ROOT, 'packages/server/dist/.build-lock');
const STALE_LOCK_MS = 10 * 60_000;

async function withBuildLock(fn) {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      try {
        if (Date.now() - fs.statSync(LOCK).mtimeMs > STALE_LOCK_MS)
          fs.rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Builds when a source changed since the last build (or nothing was built yet). */
export async function buildIfChanged() {
  if (buildIsCurrent()) return;
  await withBuildLock(async () => {
    if (buildIsCurrent()) return;
    process.stdout.write('Building the console (sources changed since the last build)...\n');
    const { buildServer, buildWeb } = await import('./build.mjs');
    const stamp = snapshotInputs();
    await buildServer();
    buildWeb();
    stamp();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfChanged();
