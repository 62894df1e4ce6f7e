// `npm run build`: the server bundled to JavaScript with esbuild (packages/server/dist/main.js)
// and the web app built with Vite (packages/web/dist). Then `npm start` runs plain `node`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Native modules are loaded from node_modules; everything else is bundled, so a start reads one
// file instead of thousands (most of a start's time was spent finding and reading them).
// dtrace-provider: bunyan's (ftp-srv's logger) optional native probe, required in a try/catch with a
// computed path esbuild cannot bundle; npm builds it where a compiler exists, so keep it external.
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native', 'esbuild', 'tsx', 'dtrace-provider'];

export async function buildServer() {
  await build({
    entryPoints: [path.join(ROOT, 'packages/server/src/main.ts')],
    outfile: path.join(ROOT, 'packages/server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    minify: true,
    external: EXTERNAL,
    // Bundled CommonJS packages call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __lifeboatRequire } from 'node:module'; const require = __lifeboatRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

export function buildWeb() {
  const r = spawnSync('npm', ['run', 'build', '-w', '@lifeboat/web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('The web app did not build.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Stamped like `npm start`'s own build, so the next `npm start` does not build again.
  const { snapshotInputs } = await import('./build-if-changed.mjs');
  const stamp = snapshotInputs();
  await buildServer();
  buildWeb();
  stamp();
}
