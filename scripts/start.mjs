// `npm start`: build when the sources changed (scripts/build-if-changed.mjs), then run the built
// server in this same process: plain Node on JavaScript, no TypeScript at run time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build-if-changed.mjs';
import { runBundle } from './run-bundle.mjs';

// A process the console's supervisor started (packages/server/src/processes.ts) runs the build
// its supervisor checked.
if (!process.env.LIFEBOAT_PROCESS_ROLE) await buildIfChanged();
process.env.NODE_ENV ??= 'production';
runBundle(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/dist/main.cjs'));
