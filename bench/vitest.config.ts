import { defineConfig } from 'vitest/config';

// The harness's own pure helpers: `npx vitest run --config bench/vitest.config.ts`.
export default defineConfig({
  test: { name: 'bench', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
