import { defineConfig } from 'vitest/config';

// Unit and API tests of every package; the browser suite (e2e/) has its own config.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['packages/{contract,db,fleet,server}/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      'packages/web',
      // The benchmark harness's helpers and its dashboard paint, once on the demo fleet.
      'bench',
    ],
  },
});
