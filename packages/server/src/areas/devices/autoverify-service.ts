import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { lockSubject } from '../../operations/subject-lock';
import { type Actor, findInScope, scoped } from '../../scope';
import { AUTOVERIFY_RUN } from './autoverify-handler';

export const AUTOVERIFY_ALREADY_QUEUED = 'AutoVerify is already queued for this system.';
export const AUTOVERIFY_NOT_FOR_SOURCES =
  'This system is verified by the check of its backup repository, which the console runs on a schedule.';
export const AUTOVERIFY_NOT_FOR_NAS = 'AutoVerify is not available for NAS devices.';
export const AUTOVERIFY_NO_RESTORE_POINT = 'This system has no restore point to verify yet.';

/**
 * The id of the AutoVerify queued or running for a system, or null. Device actions use it for
 * `autoverifyDisabled` and the queued tooltip (spec: dashboard-device-azure 4).
 */
export async function activeAutoVerify(
  db: Kysely<Database>,
  actor: Actor,
  systemId: number,
): Promise<number | null> {
  const row = await scoped(db, actor)
    .selectFrom('operations')
    .select('id')
    .where('subject_type', '=', 'protected_system')
    .where('subject_id', '=', systemId)
    .where('kind', '=', AUTOVERIFY_RUN)
    .where('status', 'in', ['queued', 'running'])
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export type StartAutoVerifyAnswer =
  | { success: true; operation_id: number }
  | { success: false; message: string };

/**
 * POST /device/start_cloud_autoverify: queue an `autoverify.run` for a system in the actor's
 * scope (404 otherwise), unless one is already queued or running for it.
 */
export async function startCloudAutoVerify(
  ctx: AppContext,
  actor: Actor,
  systemId: number,
  ip: string,
): Promise<StartAutoVerifyAnswer> {
  const now = ctx.clock.now();
  const answer = await ctx.dbh.db.transaction().execute(async (trx): Promise<StartAutoVerifyAnswer> => {
    const sys = await findInScope(trx, actor, 'protected_systems', systemId, 'This protected system');
    // spec: dashboard-device-azure 5, AutoVerify is hidden for NAS devices.
    if (sys.device_type === 'nas') return { success: false, message: AUTOVERIFY_NOT_FOR_NAS };
    // A system read from a backup source has no virtual machine to boot.
    if (sys.source_id !== null) return { success: false, message: AUTOVERIFY_NOT_FOR_SOURCES };
    if (sys.last_rp_at === null) return { success: false, message: AUTOVERIFY_NO_RESTORE_POINT };
    await lockSubject(trx, `${AUTOVERIFY_RUN}:${systemId}`);
    if (await activeAutoVerify(trx, actor, systemId))
      return { success: false, message: AUTOVERIFY_ALREADY_QUEUED };
    const operationId = await ctx.operations.enqueue(trx, {
      kind: AUTOVERIFY_RUN,
      input: { systemId },
      resellerId: Number(sys.reseller_id),
      clientId: Number(sys.client_id),
      subjectType: 'protected_system',
      subjectId: systemId,
      createdBy: actor.userId,
    });
    await audit(trx, now, {
      actor,
      action: 'autoverify.start',
      targetType: 'protected_system',
      targetId: systemId,
      details: { operation_id: operationId, name: sys.name },
      ip,
    });
    return { success: true, operation_id: operationId };
  });
  // After commit, so a worker polling right now can see the row.
  if (answer.success) ctx.operations.wake();
  return answer;
}
