// `npm run build`: the server bundled to JavaScript with esbuild (packages/server/dist/main.cjs)
// and the web app built with Vite (packages/web/dist). Then `npm start` runs plain `node`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Native modules are loaded from node_modules; everything else is bundled, so a start reads one
// file instead of thousands (most of a start's time was spent finding and reading them).
// dtrace-provider: bunyan's (ftp-srv's logger) optional native probe, required in a try/catch with a
// computed path esbuild cannot bundle; npm builds it where a compiler exists, so keep it external.
// pdfkit: it loads its standard fonts through its own package.json's "imports" map
// (`#standard-fonts/Helvetica`), which a bundle does not carry, so every report failed under
// `npm start`; loaded from node_modules it finds them (server/src/production-smoke.test.ts).
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native', 'esbuild', 'tsx', 'dtrace-provider', 'pdfkit'];

export const SERVER_BUNDLE = path.join(ROOT, 'packages/server/dist/main.cjs');

export async function buildServer() {
  // The old ES module bundle, and the code cache of the previous bundle (scripts/run-bundle.mjs).
  for (const old of ['main.js', 'main.js.map', 'main.cjs.v8cache'])
    fs.rmSync(path.join(ROOT, 'packages/server/dist', old), { force: true });
  await build({
    entryPoints: [path.join(ROOT, 'packages/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    // CommonJS, not an ES module: Node 20 can compile a script from V8's code cache (vm.Script
    // cachedData), not a module, and parsing the 4 MB bundle was a sixth of a start's time.
    format: 'cjs',
    target: 'node20',
    // import() of the external packages (pg) becomes require(): a vm.Script has no module loader.
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__lifeboatImportMetaUrl' },
    banner: { js: "const __lifeboatImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    sourcemap: true,
    minify: true,
    external: EXTERNAL,
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
