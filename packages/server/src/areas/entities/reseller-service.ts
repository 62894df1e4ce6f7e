import type { resellerSaveRequest } from '@lifeboat/contract';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { type Actor, canEditResellers, findOrgInScope, scoped } from '../../scope';
import { checkOrgFields, updateOrgFields } from './org-fields';

// Edit a reseller from the resellers tab (POST /api/v1/object/reseller/save): its name, contact
// and whether it may create clients. Distributors and the provider's staff only; resellers
// themselves are onboarded by the provider, so there is no create here (docs/decisions.md).

type ResellerSave = z.output<typeof resellerSaveRequest>;

export async function saveReseller(ctx: AppContext, actor: Actor, input: ResellerSave, ip: string) {
  const db = ctx.dbh.db;
  if (input.id === undefined) throw new NotFoundError('This reseller');
  const reseller = await findOrgInScope(db, actor, input.id, 'This reseller');
  if (reseller.kind !== 'reseller') throw new NotFoundError('This reseller');
  if (!canEditResellers(actor))
    throw new ForbiddenError('Only distributors and the provider edit resellers.');
  const fields = await checkOrgFields(db, input, {
    kind: 'reseller',
    within: { column: 'distributor_id', id: reseller.distributor_id },
    exceptId: reseller.id,
  });
  const canCreate = input.can_create_client ?? reseller.can_create_client === 1;
  await db.transaction().execute(async (tx) => {
    await updateOrgFields(scoped(tx, actor), reseller.id, fields);
    await scoped(tx, actor)
      .updateTable('organisations')
      .set({ can_create_client: canCreate ? 1 : 0 })
      .where('id', '=', reseller.id)
      .execute();
    await audit(tx, ctx.clock.now(), {
      actor,
      action: 'reseller.update',
      targetType: 'organisation',
      targetId: reseller.id,
      details: { name: fields.name, can_create_client: canCreate },
      ip,
    });
  });
  return { id: reseller.id, created: false };
}
