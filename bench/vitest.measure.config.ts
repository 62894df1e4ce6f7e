import { defineConfig } from 'vitest/config';

// Measurements that need the server's test fixtures but are not tests of `npm test` (for example
// the FTPS server's memory while streaming a 2 GB disk): `npm run ftps-memory -w @lifeboat/bench`,
// `npm run restic-speed -w @lifeboat/bench` (README.md).
export default defineConfig({
  test: {
    name: 'measure',
    root: `${import.meta.dirname}/..`,
    include: ['packages/server/src/**/*.measure.ts'],
    environment: 'node',
    hookTimeout: 120_000,
    // One measurement at a time: two side by side would take each other's cores.
    fileParallelism: false,
  },
});
