import type { FastifyInstance } from 'fastify';

// The spec's saves answer `is_error` and `errors` (inventory-reports-exports-security 7). Every 400
// of a save (a field the service refuses, a body its schema refuses, a malformed body) carries them
// next to the shared code, message and fields.

const asRecord = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** On `saves` (a plugin scope holding only save routes): add is_error and errors to its 400s. */
export function addSaveRefusals(saves: FastifyInstance): void {
  saves.addHook('preSerialization', async (_req, reply, payload) => {
    const p = asRecord(payload);
    if (reply.statusCode !== 400 || !p || 'is_error' in p) return payload;
    return { is_error: true, errors: asRecord(p.fields) ?? {}, ...p };
  });
}
