import type { ClientEditView, clientSaveRequest } from '@lifeboat/contract';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope, scoped } from '../../scope';
import { checkOrgFields, updateOrgFields } from './org-fields';
import { FieldErrors } from './save-support';

// Create, edit and delete a client (spec: inventory 7 POST /api/v1/object/client/save; used by the
// clients tab and the dashboard's Add client). Scope first (404), then rights (403), then fields.

type ClientSave = z.output<typeof clientSaveRequest>;

async function loadClient(ctx: AppContext, actor: Actor, id: number) {
  const org = await findOrgInScope(ctx.dbh.db, actor, id, 'This client');
  if (org.kind !== 'client') throw new NotFoundError('This client');
  return org;
}

async function loadReseller(ctx: AppContext, actor: Actor, id: number | undefined) {
  const resellerId = id ?? actor.resellerId ?? undefined;
  if (resellerId === undefined) {
    const errs = new FieldErrors();
    errs.add('reseller_id', 'Choose the reseller the client belongs to.');
    errs.throwIfAny();
  }
  const org = await findOrgInScope(ctx.dbh.db, actor, resellerId as number, 'This reseller');
  if (org.kind !== 'reseller') throw new NotFoundError('This reseller');
  return org;
}

export async function getClient(ctx: AppContext, actor: Actor, id: number) {
  const c = await loadClient(ctx, actor, id);
  return { id: c.id, name: c.name, email: c.email, reseller_id: c.reseller_id as number };
}

/**
 * Adding a client to a reseller (`reseller`) or editing one (null): the user's own right is
 * route()'s (manage_clients); the reseller the client goes under must be granted it as well.
 */
function checkMayManage(reseller: { name: string; can_create_client: number } | null) {
  if (reseller && reseller.can_create_client !== 1)
    throw new ForbiddenError(`${reseller.name} is not allowed to create clients.`);
}

/**
 * GET /client/load_edit_view/{clientId}/{resellerId}: the dialog's data; client 0 is a new client
 * of the reseller (spec: dashboard-device-azure 7). A client to edit must be the reseller's.
 */
export async function clientEditView(
  ctx: AppContext,
  actor: Actor,
  clientId: number | null,
  resellerId: number,
): Promise<ClientEditView> {
  const existing = clientId === null ? null : await loadClient(ctx, actor, clientId);
  const reseller = await loadReseller(ctx, actor, resellerId);
  if (existing && existing.reseller_id !== reseller.id) throw new NotFoundError('This client');
  checkMayManage(existing ? null : reseller);
  return {
    title: existing ? 'Edit client' : 'Add client',
    submit_label: existing ? 'Save changes' : 'Add client',
    client: { id: existing?.id ?? null, name: existing?.name ?? '', email: existing?.email ?? '' },
    reseller: { id: reseller.id, name: reseller.name },
    save_url: 'api/v1/object/client/save',
  };
}

export async function saveClient(ctx: AppContext, actor: Actor, input: ClientSave, ip: string) {
  const db = ctx.dbh.db;
  const existing = input.id !== undefined ? await loadClient(ctx, actor, input.id) : null;
  // Every id the body names must be in the caller's scope, on an edit too (else 404, issue 11.3).
  const named = input.reseller_id !== undefined ? await loadReseller(ctx, actor, input.reseller_id) : null;
  const reseller = existing ? null : (named ?? (await loadReseller(ctx, actor, undefined)));
  checkMayManage(reseller);
  if (existing && named && named.id !== existing.reseller_id) {
    const errs = new FieldErrors();
    errs.add('reseller_id', 'A client stays with its reseller.');
    errs.throwIfAny();
  }

  const resellerId = existing ? (existing.reseller_id as number) : (reseller?.id as number);
  const { name, email } = await checkOrgFields(db, input, {
    kind: 'client',
    within: { column: 'reseller_id', id: resellerId },
    exceptId: existing?.id,
  });

  const now = ctx.clock.now();
  return db.transaction().execute(async (tx) => {
    let id: number;
    if (existing) {
      id = existing.id;
      await updateOrgFields(scoped(tx, actor), id, { name, email });
    } else {
      const r = reseller as NonNullable<typeof reseller>;
      // A new client gets its reseller's products and recovery rights.
      const row = await scoped(tx, actor, r)
        .insertInto('organisations')
        .values({
          kind: 'client',
          parent_id: r.id,
          reseller_id: r.id,
          distributor_id: r.distributor_id,
          name,
          name_lc: name.toLowerCase(),
          email,
          has_brc: r.has_brc,
          has_x360recover: r.has_x360recover,
          azure_restore_enabled: r.azure_restore_enabled,
          can_recover: r.can_recover,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    await audit(tx, now, {
      actor,
      action: existing ? 'client.update' : 'client.create',
      targetType: 'organisation',
      targetId: id,
      details: { name, reseller_id: resellerId },
      ip,
    });
    return { id, created: existing === null };
  });
}

export async function deleteClient(ctx: AppContext, actor: Actor, id: number, ip: string): Promise<void> {
  const db = ctx.dbh.db;
  const client = await loadClient(ctx, actor, id);
  // Never cascade a client's backups away from the table: its devices and appliances go first.
  const [device, appliance] = await Promise.all([
    scoped(db, actor)
      .selectFrom('protected_systems')
      .select('id')
      .where('client_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
    scoped(db, actor)
      .selectFrom('appliances')
      .select('id')
      .where('client_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (device || appliance)
    throw new ConflictError(
      `${client.name} still has ${device ? 'protected devices' : 'appliances'}. Remove them before deleting the client.`,
    );
  const now = ctx.clock.now();
  await db.transaction().execute(async (tx) => {
    await scoped(tx, actor).deleteFrom('users').where('organisation_id', '=', id).execute();
    await scoped(tx, actor).deleteFrom('organisations').where('id', '=', id).execute();
    await audit(tx, now, {
      actor,
      action: 'client.delete',
      targetType: 'organisation',
      targetId: id,
      details: { name: client.name },
      ip,
    });
  });
}
