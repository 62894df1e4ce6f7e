import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Picked up by the root config's `projects` list as project 'web'.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'stable' } },
    restoreMocks: true,
    // jsdom renders of a whole page take well over vitest's 5 s default on a loaded two-core CI
    // machine: this is a hang guard, not a speed check (speed is measured in bench/).
    testTimeout: 30_000,
  },
});
