import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * API answers carry tenants' data: no browser or proxy keeps a copy (issue 18.6). A route that
 * chose its own caching (thumbnails, screenshots) keeps it.
 */
export async function noStoreByDefault(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return payload;
}
