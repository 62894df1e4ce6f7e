import { declaredCalls, systemCalls } from '@lifeboat/contract';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi';
import { referencePage } from './reference';
import { route } from './route';

// GET /api/openapi.json and the reference page GET /api/reference (issue 11.2). The document is
// built once, on the first request, when every area has registered its declarations.

const VERSION = '1';

export function apiDocsRoutes() {
  return async (app: FastifyInstance) => {
    let doc: Record<string, unknown> | null = null;
    let page: string | null = null;
    const document = () => {
      doc ??= openApiDocument(declaredCalls(), VERSION);
      return doc;
    };
    route(app, systemCalls.openApi, ({ reply }) => {
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      return reply.send(JSON.stringify(document()));
    });
    route(app, systemCalls.reference, ({ reply }) => {
      page ??= referencePage(document());
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return reply.send(page);
    });
  };
}
