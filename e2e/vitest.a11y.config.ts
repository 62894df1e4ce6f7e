import { defineConfig } from 'vitest/config';

// The accessibility walk (issue 18.20): every page and dialog of each demo user through axe. Kept
// out of the default browser suite until it is shown to finish in its time budget three runs in a
// row on a quiet machine (on the shared, loaded machine it took 6 to 10 minutes a user). Run it
// with `npm run test:a11y -w @lifeboat/e2e` after `npm run build:web`. Same server setup as the
// browser suite (vitest.config.ts).
export default defineConfig({
  test: {
    name: 'e2e-a11y',
    include: ['a11y/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});
