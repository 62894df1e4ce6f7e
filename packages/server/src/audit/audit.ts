import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { Actor } from '../scope';

export interface AuditEntry {
  actor?: (Pick<Actor, 'userId' | 'organisationId'> & Partial<Pick<Actor, 'apiKeyId'>>) | null;
  userId?: number | null;
  organisationId?: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Record a sensitive action. Pass the request's transaction so the entry commits with the change. */
export async function audit(db: Kysely<Database>, at: number, e: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      user_id: e.actor?.userId ?? e.userId ?? null,
      organisation_id: e.actor?.organisationId ?? e.organisationId ?? null,
      action: e.action,
      target_type: e.targetType ?? null,
      target_id: e.targetId === undefined ? null : String(e.targetId),
      details: e.details ? JSON.stringify(e.details) : null,
      ip: e.ip ?? null,
      api_key_id: e.actor?.apiKeyId ?? null,
    })
    .execute();
}
