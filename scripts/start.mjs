// `npm start`: build when the sources changed (scripts/build-if-changed.mjs), then run the built
// server in this same process: plain Node on JavaScript, no TypeScript at run time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build-if-changed.mjs';
import { runBundle } from './run-bundle.mjs';

await buildIfChanged();
process.env.NODE_ENV ??= 'production';
runBundle(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/dist/main.cjs'));
