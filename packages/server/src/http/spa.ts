import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The single-page app is served from the same port. Built files are static routes; any other
// GET that a browser navigates to (a deep link such as /device/details/5) gets index.html, and
// the app's router shows the page or its own not-found page. API misses answer JSON 404.

const MISSING_BUILD = `<!doctype html><meta charset="utf-8"><title>Lifeboat</title>
<p>The web app has not been built yet. Run <code>npm run build:web</code> (or <code>npm start</code>) and reload.</p>`;

export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One catch-all route that looks the file up per request, instead of a route per built
      // file (with .br and .gz, several hundred routes found by a glob at every start: a tenth
      // of the start's time). A missing file falls through to the not-found handler below.
      wildcard: true,
      index: false,
      // The build writes file.br and file.gz beside each text file (web/precompress.ts).
      preCompressed: true,
      // Source maps stay on the build machine: they expose the source, and no page needs them.
      // A folder (`/`, `/assets/`) is no file either: the not-found handler answers it (the
      // page for a browser), not the static plugin's 403.
      allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.endsWith('/'),
      setHeaders: (res, file) => {
        // Vite puts content hashes in asset names, so they never change once served.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.headers['x-requested-with'] &&
      (req.headers.accept ?? '').includes('text/html');
    if (!wantsPage)
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'This address does not exist.' });
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!hasBuild) return reply.send(MISSING_BUILD);
    return reply.sendFile('index.html', { cacheControl: false });
  });
}
