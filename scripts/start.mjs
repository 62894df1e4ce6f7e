// `npm start`: build when the sources changed (scripts/build-if-changed.mjs), then run the built
// server in this same process: plain Node on JavaScript, no TypeScript at run time.
import { buildIfChanged } from './build-if-changed.mjs';

await buildIfChanged();
process.env.NODE_ENV ??= 'production';
await import('../packages/server/dist/main.js');
