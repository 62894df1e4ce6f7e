import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lightCalls } from './lightCalls';
import { precompress } from './precompress';
import { pureContract } from './pureContract';

const API_TARGET = process.env.LIFEBOAT_API ?? 'http://127.0.0.1:8080';

// The console's calls share their first path segment with app pages (/device/details/5 is a
// page, /device/get_device_alert/5 a call), so the dev server tells them apart the way a
// browser does: a navigation asks for HTML and gets the app, everything else goes to the server.
function serveAppForNavigation(req: IncomingMessage): string | undefined {
  const accept = req.headers.accept ?? '';
  if (req.method === 'GET' && accept.includes('text/html')) return '/index.html';
  return undefined;
}

export default defineConfig({
  plugins: [react(), lightCalls(), pureContract(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Maps are written for debugging a build but not referenced from the bundles; the server
    // never serves them (http/spa.ts).
    sourcemap: 'hidden',
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare things; an unused zod schema (`z.object(...)`) is
        // dropped, so the initial bundle carries no zod unless a page really validates with it.
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
        manualPureFunctions: ['z'],
      },
      output: {
        // zod in a chunk of its own: shared with React in one common chunk, the sign-in page
        // (which validates by hand) would download it with React (issue 18 point 19).
        // React in one chunk, and the UI libraries most pages share (Mantine, floating-ui,
        // TanStack Query, used by 16 or more lazily loaded chunks) in another: left to the
        // automatic splitting they came as dozens of chunks under 4 KB, each compressed on its
        // own (dashboard way 267.6 -> 252.9 KB gzipped, docs/decisions.md). The UI group takes
        // its modules' dependencies with it (`includeDependenciesRecursively`), so it never
        // imports back a chunk that imports it: without that, two chunks could import each other
        // and run in the wrong order (the dashboard then did not load). React has the higher
        // priority so the UI group cannot pull it in, which would make the sign-in page load
        // the whole group.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
            {
              name: 'ui',
              test: /[\\/]node_modules[\\/](@mantine|@floating-ui|@tanstack)[\\/]/,
              minShareCount: 16,
              includeDependenciesRecursively: true,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // Vite's own module and asset paths start with /@, /src, /node_modules or contain a dot;
      // every other path is a page (handled by the bypass) or an API call.
      '^/(?!@|src/|node_modules/|[^?]*\\.[a-z0-9]+(\\?|$)).*': {
        target: API_TARGET,
        changeOrigin: false,
        bypass: serveAppForNavigation,
      },
    },
  },
});
