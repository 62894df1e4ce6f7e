import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run bench` runs in bench/, `npx tsx bench/src/run.ts` in the root: resolve from this file.
export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
export const CACHE_DIR = path.join(BENCH_DIR, '.cache');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
