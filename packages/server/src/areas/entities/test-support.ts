import type { FastifyInstance } from 'fastify';
import { call, type Session } from '../../test/harness';

/** POST a form, as the app's tables and dialogs do. */
export function postForm(
  app: FastifyInstance,
  s: Session,
  url: string,
  fields: Record<string, string | number>,
) {
  return call(app, s, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    ).toString(),
  });
}
