import {
  type RunbookAnswer,
  type RunbookListAnswer,
  type RunbookRow as RunbookRowAnswer,
  type runbookForm,
  VO_TYPES,
  type VoType,
} from '@lifeboat/contract';
import { hashPassword } from '@lifeboat/contract/node';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { loadClient } from '../recovery/access';
import { type Db, loadRunbook, type RunbookRow } from './load';
import { clientAppliance, clientSystems, unavailableReason } from './service';

// Runbooks (spec: recovery-flow 3 'Runbook', 5, 7 'Runbooks', 8; issue 16.2): the runbooks page
// client/runbooks/{clientId} (list, create, edit, copy, delete, last run) and the wizard's
// setVirtualizationRunbook, verify, check and start. Every change is audited.

type Form = z.output<typeof runbookForm>;
const nameOf = (actor: Actor) => actor.name || actor.username;

export async function runbookSystems(db: Db, actor: Actor, runbookIds: number[]) {
  if (runbookIds.length === 0) return [];
  return scoped(db, actor)
    .selectFrom('runbook_systems as rs')
    .innerJoin('protected_systems as ps', 'ps.id', 'rs.system_id')
    .select([
      'rs.runbook_id',
      'rs.system_id',
      'rs.group_no',
      'rs.position',
      'rs.delay_seconds',
      'rs.ip_address',
      'ps.name',
      'ps.os_type',
      'ps.appliance_id',
    ])
    .where('rs.runbook_id', 'in', runbookIds)
    .orderBy('rs.runbook_id')
    .orderBy('rs.group_no')
    .orderBy('rs.position')
    .execute();
}

/** Runbook rows with their system count and last run. */
async function rowsOf(db: Db, actor: Actor, runbooks: RunbookRow[]): Promise<RunbookRowAnswer[]> {
  const ids = runbooks.map((r) => Number(r.id));
  const systems = await runbookSystems(db, actor, ids);
  const runs =
    ids.length === 0
      ? []
      : await scoped(db, actor)
          .selectFrom('failovers')
          .select(['id', 'runbook_id', 'phase', 'type', 'created_at', 'requested_by_name', 'message'])
          .where('runbook_id', 'in', ids)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
  return runbooks.map((r) => {
    const last = runs.find((f) => Number(f.runbook_id) === Number(r.id));
    return {
      id: Number(r.id),
      client_id: Number(r.client_id),
      name: r.name,
      vo_type: r.vo_type,
      appliance_id: r.appliance_id === null ? null : Number(r.appliance_id),
      password_protected: r.password_hash !== null,
      systems_count: systems.filter((s) => Number(s.runbook_id) === Number(r.id)).length,
      updated_at: Number(r.updated_at),
      last_run: last
        ? {
            failover_id: Number(last.id),
            phase: last.phase,
            type: last.type,
            at: Number(last.created_at),
            by: last.requested_by_name,
            message: last.message,
          }
        : null,
    };
  });
}

async function clientRunbookRows(db: Db, actor: Actor, clientId: number, voType?: VoType, applianceId = 0) {
  return scoped(db, actor)
    .selectFrom('runbooks')
    .selectAll()
    .where('client_id', '=', clientId)
    .$if(voType !== undefined, (q) => q.where('vo_type', '=', voType as VoType))
    .$if(applianceId !== 0, (q) => q.where('appliance_id', '=', applianceId))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** GET /client/get_client_runbooks/{clientId}/{type}/{applianceId or 0}. */
export async function clientRunbooks(
  ctx: AppContext,
  actor: Actor,
  clientId: number,
  type: string,
  applianceRaw: string,
) {
  const db = ctx.dbh.db;
  await loadClient(db, actor, clientId);
  if (!(VO_TYPES as readonly string[]).includes(type))
    throw new BadRequestError('The type must be cloud or appliance.');
  const applianceId = await clientAppliance(db, actor, clientId, applianceRaw);
  return {
    runbooks: await rowsOf(
      db,
      actor,
      await clientRunbookRows(db, actor, clientId, type as VoType, applianceId),
    ),
  };
}

/** GET /runbook/list/{clientId}: the runbooks page. */
export async function runbookList(
  ctx: AppContext,
  actor: Actor,
  clientId: number,
): Promise<RunbookListAnswer> {
  const db = ctx.dbh.db;
  const client = await loadClient(db, actor, clientId);
  const systems = await clientSystems(db, actor, clientId, null);
  const appliances = await scoped(db, actor)
    .selectFrom('appliances')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .orderBy('name')
    .execute();
  return {
    client_id: clientId,
    client_name: client.name,
    runbooks: await rowsOf(db, actor, await clientRunbookRows(db, actor, clientId)),
    systems: systems.map((s) => ({
      id: s.id,
      name: s.name,
      os_type: s.os_type,
      startable: unavailableReason(s) === null,
    })),
    appliances: appliances.map((a) => ({ id: Number(a.id), name: a.name })),
  };
}

/** GET /runbook/get/{runbookId}. */
export async function getRunbook(ctx: AppContext, actor: Actor, id: number): Promise<RunbookAnswer> {
  const db = ctx.dbh.db;
  const r = await loadRunbook(db, actor, id);
  const [row] = await rowsOf(db, actor, [r]);
  const systems = await runbookSystems(db, actor, [Number(r.id)]);
  return {
    ...(row as RunbookRowAnswer),
    gateway: r.gateway,
    netmask: r.netmask,
    systems: systems.map((s) => ({
      system_id: Number(s.system_id),
      name: s.name,
      group: Number(s.group_no),
      delay_seconds: Number(s.delay_seconds),
      ip_address: s.ip_address,
    })),
  };
}

/** The form's systems and appliance must be the client's (another's is not found). */
async function checkForm(db: Db, actor: Actor, clientId: number, form: Form) {
  const systems = await clientSystems(db, actor, clientId, null);
  for (const s of form.systems)
    if (!systems.some((x) => x.id === s.system_id)) throw new NotFoundError('This system');
  if (form.vo_type === 'appliance' && form.appliance_id !== null)
    await clientAppliance(db, actor, clientId, String(form.appliance_id));
}

async function writeSystems(
  trx: Db,
  actor: Actor,
  r: { id: number; reseller_id: number; client_id: number },
  form: Form,
) {
  await scoped(trx, actor).deleteFrom('runbook_systems').where('runbook_id', '=', r.id).execute();
  const positions = new Map<number, number>();
  for (const s of form.systems) {
    const position = (positions.get(s.group) ?? 0) + 1;
    positions.set(s.group, position);
    await scoped(trx, actor, { id: r.client_id, reseller_id: r.reseller_id, client_id: r.client_id })
      .insertInto('runbook_systems')
      .values({
        runbook_id: r.id,
        reseller_id: r.reseller_id,
        client_id: r.client_id,
        system_id: s.system_id,
        group_no: s.group,
        position,
        delay_seconds: s.delay_seconds,
        ip_address: s.ip_address,
      })
      .execute();
  }
}

const auditDetails = (form: Form, by: string) => ({
  name: form.name,
  vo_type: form.vo_type,
  systems: form.systems.length,
  password: form.clear_password ? 'removed' : form.password ? 'set' : 'unchanged',
  by,
});

/** POST /runbook/create. */
export async function createRunbook(ctx: AppContext, actor: Actor, clientId: number, form: Form, ip: string) {
  const db = ctx.dbh.db;
  const client = await loadClient(db, actor, clientId);
  await checkForm(db, actor, clientId, form);
  const now = ctx.clock.now();
  const resellerId = Number(client.reseller_id);
  const hash = form.password && !form.clear_password ? await hashPassword(form.password) : null;
  const id = await db.transaction().execute(async (trx) => {
    const row = await scoped(trx, actor, { id: clientId, reseller_id: resellerId, client_id: clientId })
      .insertInto('runbooks')
      .values({
        reseller_id: resellerId,
        client_id: clientId,
        name: form.name,
        vo_type: form.vo_type,
        appliance_id: form.vo_type === 'appliance' ? form.appliance_id : null,
        gateway: form.gateway,
        netmask: form.netmask,
        password_hash: hash,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await writeSystems(trx, actor, { id, reseller_id: resellerId, client_id: clientId }, form);
    await audit(trx, now, {
      actor,
      action: 'runbook.create',
      targetType: 'runbook',
      targetId: id,
      details: { client: client.name, ...auditDetails(form, nameOf(actor)) },
      ip,
    });
    return id;
  });
  return { ok: true as const, id };
}

/** POST /runbook/edit/{runbookId}. */
export async function editRunbook(ctx: AppContext, actor: Actor, id: number, form: Form, ip: string) {
  const db = ctx.dbh.db;
  const r = await loadRunbook(db, actor, id);
  const clientId = Number(r.client_id);
  await checkForm(db, actor, clientId, form);
  const now = ctx.clock.now();
  const hash = form.clear_password
    ? null
    : form.password
      ? await hashPassword(form.password)
      : r.password_hash;
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('runbooks')
      .set({
        name: form.name,
        vo_type: form.vo_type,
        appliance_id: form.vo_type === 'appliance' ? form.appliance_id : null,
        gateway: form.gateway,
        netmask: form.netmask,
        password_hash: hash,
        updated_at: now,
      })
      .where('id', '=', r.id)
      .execute();
    await writeSystems(
      trx,
      actor,
      { id: Number(r.id), reseller_id: Number(r.reseller_id), client_id: clientId },
      form,
    );
    await audit(trx, now, {
      actor,
      action: 'runbook.edit',
      targetType: 'runbook',
      targetId: Number(r.id),
      details: auditDetails(form, nameOf(actor)),
      ip,
    });
  });
  return { ok: true as const, id: Number(r.id) };
}

/** POST /runbook/copy/{runbookId}: "Copy of <name>", the same systems and password. */
export async function copyRunbook(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const db = ctx.dbh.db;
  const r = await loadRunbook(db, actor, id);
  const systems = await runbookSystems(db, actor, [Number(r.id)]);
  const now = ctx.clock.now();
  const name = `Copy of ${r.name}`.slice(0, 100);
  const clientId = Number(r.client_id);
  const resellerId = Number(r.reseller_id);
  const newId = await db.transaction().execute(async (trx) => {
    const row = await scoped(trx, actor, { id: clientId, reseller_id: resellerId, client_id: clientId })
      .insertInto('runbooks')
      .values({
        reseller_id: resellerId,
        client_id: clientId,
        name,
        vo_type: r.vo_type,
        appliance_id: r.appliance_id,
        gateway: r.gateway,
        netmask: r.netmask,
        password_hash: r.password_hash,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const nid = Number(row.id);
    await writeSystems(
      trx,
      actor,
      { id: nid, reseller_id: resellerId, client_id: clientId },
      {
        name,
        vo_type: r.vo_type,
        appliance_id: r.appliance_id,
        gateway: r.gateway,
        netmask: r.netmask,
        password: '',
        clear_password: false,
        systems: systems.map((s) => ({
          system_id: Number(s.system_id),
          group: Number(s.group_no),
          delay_seconds: Number(s.delay_seconds),
          ip_address: s.ip_address,
        })),
      },
    );
    await audit(trx, now, {
      actor,
      action: 'runbook.copy',
      targetType: 'runbook',
      targetId: nid,
      details: { from: r.name, name, by: nameOf(actor) },
      ip,
    });
    return nid;
  });
  return { ok: true as const, id: newId };
}

/** DELETE /runbook/delete/{runbookId}: its past offices keep the runbook's name. */
export async function deleteRunbook(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const db = ctx.dbh.db;
  const r = await loadRunbook(db, actor, id);
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor).deleteFrom('runbook_systems').where('runbook_id', '=', r.id).execute();
    await scoped(trx, actor).deleteFrom('runbooks').where('id', '=', r.id).execute();
    await audit(trx, now, {
      actor,
      action: 'runbook.delete',
      targetType: 'runbook',
      targetId: Number(r.id),
      details: { name: r.name, by: nameOf(actor) },
      ip,
    });
  });
  return { ok: true as const };
}
