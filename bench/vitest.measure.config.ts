import { defineConfig } from 'vitest/config';

// Measurements that need the server's test fixtures but are not tests of `npm test` (for example
// the FTPS server's memory while streaming a 2 GB disk): `npm run ftps-memory -w @lifeboat/bench`.
export default defineConfig({
  test: {
    name: 'measure',
    root: `${import.meta.dirname}/..`,
    include: ['packages/server/src/**/*.measure.ts'],
    environment: 'node',
    hookTimeout: 120_000,
  },
});
