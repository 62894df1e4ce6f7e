import { defineConfig } from 'vitest/config';

// The browser suite: one console server for the whole run (support/global-setup.ts), test files
// one after another (they share that server and its login rate limits).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
