import type { resellerSaveRequest } from '@lifeboat/contract';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope, scoped } from '../../scope';
import { checkOrgFields, updateOrgFields } from './org-fields';
import { FieldErrors } from './save-support';

// Add, edit and delete a reseller from the resellers tab (POST /api/v1/object/reseller/save,
// DELETE /api/v1/object/reseller/{id}), as clients are: the provider's staff and distributors
// only. Scope first (404), then rights (403), then fields (400); every change is audited.

type ResellerSave = z.output<typeof resellerSaveRequest>;

async function loadReseller(ctx: AppContext, actor: Actor, id: number) {
  const org = await findOrgInScope(ctx.dbh.db, actor, id, 'This reseller');
  if (org.kind !== 'reseller') throw new NotFoundError('This reseller');
  return org;
}

/** A new reseller's distributor: the one named (staff), else the actor's own (a distributor). */
async function loadDistributor(ctx: AppContext, actor: Actor, id: number | undefined) {
  const distributorId = id ?? actor.distributorId ?? undefined;
  if (distributorId === undefined) {
    const errs = new FieldErrors();
    errs.add('distributor_id', 'Choose the distributor the reseller belongs to.');
    errs.throwIfAny();
  }
  const org = await findOrgInScope(ctx.dbh.db, actor, distributorId as number, 'This distributor');
  if (org.kind !== 'distributor') throw new NotFoundError('This distributor');
  return org;
}

export async function saveReseller(ctx: AppContext, actor: Actor, input: ResellerSave, ip: string) {
  const db = ctx.dbh.db;
  const existing = input.id === undefined ? null : await loadReseller(ctx, actor, input.id);
  // Every id the body names must be in the caller's scope (else 404, issue 11.3).
  const named =
    input.distributor_id === undefined ? null : await loadDistributor(ctx, actor, input.distributor_id);
  const distributor = existing ? null : (named ?? (await loadDistributor(ctx, actor, undefined)));
  if (existing && named && named.id !== existing.distributor_id) {
    const errs = new FieldErrors();
    errs.add('distributor_id', 'A reseller stays with its distributor.');
    errs.throwIfAny();
  }
  const distributorId = existing ? existing.distributor_id : (distributor?.id as number);
  const fields = await checkOrgFields(db, input, {
    kind: 'reseller',
    within: { column: 'distributor_id', id: distributorId },
    exceptId: existing?.id,
  });
  const canCreate = input.can_create_client ?? (existing ? existing.can_create_client === 1 : true);
  const now = ctx.clock.now();
  return db.transaction().execute(async (tx) => {
    let id: number;
    if (existing) {
      id = existing.id;
      await updateOrgFields(scoped(tx, actor), id, fields);
      await scoped(tx, actor)
        .updateTable('organisations')
        .set({ can_create_client: canCreate ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    } else {
      const d = distributor as NonNullable<typeof distributor>;
      // A new reseller sells what its distributor sells; its own reseller_id is itself.
      const row = await scoped(tx, actor, d)
        .insertInto('organisations')
        .values({
          kind: 'reseller',
          parent_id: d.id,
          distributor_id: d.id,
          name: fields.name,
          name_lc: fields.name.toLowerCase(),
          email: fields.email,
          has_brc: d.has_brc,
          has_x360recover: d.has_x360recover,
          azure_restore_enabled: d.azure_restore_enabled,
          can_recover: d.can_recover,
          can_create_client: canCreate ? 1 : 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
      await scoped(tx, actor, d)
        .updateTable('organisations')
        .set({ reseller_id: id })
        .where('id', '=', id)
        .execute();
    }
    await audit(tx, now, {
      actor,
      action: existing ? 'reseller.update' : 'reseller.create',
      targetType: 'organisation',
      targetId: id,
      details: { name: fields.name, distributor_id: distributorId, can_create_client: canCreate },
      ip,
    });
    return { id, created: existing === null };
  });
}

/**
 * Delete a reseller that no longer holds anyone's backups: its clients (with their devices),
 * appliances and private vaults go first, as a client's devices go before the client. Its users
 * and its own settings go with it; the audit log keeps its history.
 */
export async function deleteReseller(ctx: AppContext, actor: Actor, id: number, ip: string): Promise<void> {
  const db = ctx.dbh.db;
  const reseller = await loadReseller(ctx, actor, id);
  const s = scoped(db, actor);
  const [client, appliance, vault] = await Promise.all([
    s
      .selectFrom('organisations')
      .select('organisations.id')
      .where('organisations.reseller_id', '=', id)
      .where('organisations.kind', '=', 'client')
      .limit(1)
      .executeTakeFirst(),
    s
      .selectFrom('appliances')
      .select('appliances.id')
      .where('appliances.reseller_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
    s
      .selectFrom('vaults')
      .select('vaults.id')
      .where('vaults.reseller_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const holds = client ? 'clients' : appliance ? 'appliances' : vault ? 'private vaults' : null;
  if (holds)
    throw new ConflictError(`${reseller.name} still has ${holds}. Remove them before deleting the reseller.`);
  const now = ctx.clock.now();
  await db.transaction().execute(async (tx) => {
    const t = scoped(tx, actor);
    await t.deleteFrom('users').where('organisation_id', '=', id).execute();
    await t.deleteFrom('update_schedules').where('organisation_id', '=', id).execute();
    await t.deleteFrom('reseller_health_daily').where('reseller_id', '=', id).execute();
    await t
      .deleteFrom('thresholds')
      .where('scope_kind', '=', 'reseller')
      .where('scope_id', '=', id)
      .execute();
    await t.deleteFrom('organisations').where('id', '=', id).execute();
    await audit(tx, now, {
      actor,
      action: 'reseller.delete',
      targetType: 'organisation',
      targetId: id,
      details: { name: reseller.name, distributor_id: reseller.distributor_id },
      ip,
    });
  });
}
