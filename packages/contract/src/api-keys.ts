import { z } from 'zod';
import { nameRule } from './fields';
import { isRight, RIGHTS, type Right } from './rights';

// API keys (docs/decisions.md 'API keys'): a user's keys for scripts and PSA tools, made on the
// Security page. A key acts as its user narrowed to its scopes: the rights it names that the user
// still holds when it is used.

/** A key lives at most a year. */
export const API_KEY_MAX_DAYS = 365;
/** How many live or revoked keys a user keeps (so the list needs no pages). */
export const API_KEYS_PER_USER = 50;
/** The key's visible start: the product's mark and eight characters. */
export const API_KEY_PREFIX_LENGTH = 11;
/** The header a script sends: `Authorization: Bearer <key>`. */
export const BEARER_SCHEME = 'Bearer';

export const apiKeyCreateBody = z
  .object({
    name: nameRule('key name').refine((v) => v.length > 0, 'Give the key a name.'),
    /** How many days the key works, from 1 to a year. */
    days: z
      .number({ error: 'Choose how many days the key works.' })
      .int('Choose a whole number of days.')
      .min(1, 'A key works at least a day.')
      .max(API_KEY_MAX_DAYS, 'A key works at most a year (365 days).'),
    /** Read-only: the `read` right alone; otherwise the rights chosen, each one the user holds. */
    readOnly: z.boolean(),
    rights: z
      .array(z.string().max(32))
      .min(1, 'Choose at least one thing the key may do, or make it read-only.')
      .max(Object.keys(RIGHTS).length)
      .refine((a) => a.every(isRight), 'Choose rights from the list.')
      .optional(),
  })
  .refine((b) => b.readOnly || b.rights !== undefined, {
    path: ['rights'],
    message: 'Choose at least one thing the key may do, or make it read-only.',
  });
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

export const apiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  rights: z.array(z.string()),
  readOnly: z.boolean(),
  createdAt: z.number(),
  expiresAt: z.number(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

export const apiKeyListAnswer = z.object({ keys: z.array(apiKeyRow) });
/** The key itself is in this answer only: it is stored hashed. */
export const apiKeyCreateAnswer = z.object({ key: z.string(), row: apiKeyRow });

/** The rights a key's scopes name (read-only: `read`). */
export function keyScopes(body: Pick<ApiKeyCreateBody, 'readOnly' | 'rights'>): Right[] {
  if (body.readOnly) return ['read'];
  return [...new Set((body.rights ?? []).filter(isRight))];
}
