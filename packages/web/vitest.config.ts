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
  },
});
