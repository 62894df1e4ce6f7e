import { randomUUID } from 'node:crypto';
import {
  AZURE_SCOPES,
  type AzureCheckAnswer,
  type AzureClientFlags,
  type AzureDataAnswer,
  type AzureDeviceCode,
  type AzureJob,
  type AzureLoginState,
  type AzureScope,
  azureClientIneligibility,
  azureJobActions,
  rbIneligibility,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { enqueueForRow } from '../../operations/for-row';
import { type Actor, findInScope, lockRow, scoped, scopeKind, unscoped } from '../../scope';
import { open, seal } from '../ftps/secret-box';
import { loadClient, loadReseller, pointColumns } from '../recovery/access';
import { clientSystemFigures } from '../recovery/discovery-service';
import { AZURE_RESTORE } from './handlers';

// Azure direct restore (spec: dashboard-device-azure 4 'Azure wizard', 7 'Azure direct restore';
// recovery-flow 7 'Azure export panels'). The wizard's selections live in one session per user
// (azure_sessions); each set_azure_* checks the selection against the steps before it and answers
// ok false when it does not fit, so the wizard drops it.

type Db = Kysely<Database>;
type Session = Selectable<Database['azure_sessions']>;
const SECOND_TOOL = 4;
const KNOWLEDGE_BASE_TEXT =
  'Sign in with an account of the Azure tenant that will receive the restore. The first code grants ' +
  'Lifeboat access to Azure Resource Manager (to list resource groups and storage accounts), the second ' +
  'to Azure Storage (to upload the disks).';

/**
 * The wizard is for reseller and client users of a reseller with azure_restore_enabled; never for
 * the provider's staff or a distributor (recovery-flow 6). Anything else: not found.
 */
export async function azureReseller(db: Db, actor: Actor): Promise<number> {
  if (actor.resellerId === null || actor.isProvider) throw new NotFoundError('Azure direct restore');
  // The actor's own reseller (a client user cannot read that row through scope).
  const row = await unscoped(db, "the flag of the actor's own reseller")
    .selectFrom('organisations')
    .select(['id', 'azure_restore_enabled'])
    .where('id', '=', actor.resellerId)
    .executeTakeFirst();
  if (!row || !Number(row.azure_restore_enabled)) throw new NotFoundError('Azure direct restore');
  return actor.resellerId;
}

async function loadSession(db: Db, actor: Actor): Promise<Session> {
  await azureReseller(db, actor);
  const s = await scoped(db, actor)
    .selectFrom('azure_sessions')
    .selectAll()
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  if (!s) throw new BadRequestError('The Azure wizard has no session: open it again.');
  return s;
}

async function update(db: Db, actor: Actor, set: Partial<Omit<Session, 'user_id'>>, now: number) {
  await scoped(db, actor)
    .updateTable('azure_sessions')
    .set({ ...set, updated_at: now })
    .where('user_id', '=', actor.userId)
    .execute();
}

/** What a reset of the sign-in clears: the codes, the account and the Azure selections. */
const SIGN_IN_RESET = {
  manager_code_enc: null,
  storage_code_enc: null,
  manager_granted: 0,
  storage_granted: 0,
  azure_user: null,
  subscription_id: null,
  subscription_name: null,
  resource_group_name: null,
  storage_account_name: null,
  storage_account_region: null,
} as const;

// --- Session ---------------------------------------------------------------------------------

export async function getAndResetData(ctx: AppContext, actor: Actor): Promise<AzureDataAnswer> {
  const db = ctx.dbh.db;
  const resellerId = await azureReseller(db, actor);
  const clientId = actor.clientId ?? 0;
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor).deleteFrom('azure_sessions').where('user_id', '=', actor.userId).execute();
    await scoped(trx, actor)
      .insertInto('azure_sessions')
      .values({
        user_id: actor.userId,
        reseller_id: resellerId,
        client_id: clientId,
        session_key: randomUUID(),
        updated_at: now,
      })
      .execute();
  });
  return {
    azureData: { reseller: { id: resellerId }, client: clientId ? { id: clientId } : null, device: null },
    userData: { isClient: actor.clientId !== null, isReseller: actor.clientId === null },
  };
}

export async function resetSession(ctx: AppContext, actor: Actor) {
  await loadSession(ctx.dbh.db, actor);
  await update(ctx.dbh.db, actor, { ...SIGN_IN_RESET, session_key: randomUUID() }, ctx.clock.now());
  return { success: true };
}

// --- Client, device, restore point -------------------------------------------------------------

/** dashboard-device-azure 5: a client's flags for the eligibility rule (contract). */
export async function clientFlags(
  db: Db,
  actor: Actor,
  client: { id: number; has_brc: number; has_x360recover: number },
): Promise<AzureClientFlags> {
  const systems = (await clientSystemFigures(db, actor, [client.id])).get(client.id);
  const points = await scoped(db, actor)
    .selectFrom('restore_points as rp')
    .innerJoin('protected_systems as s', 's.id', 'rp.system_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.client_id', '=', client.id)
    .where('rp.scheduled', '=', 1)
    .executeTakeFirst();
  return {
    has_brc: Number(client.has_brc) === 1,
    has_x360recover: Number(client.has_x360recover) === 1,
    has_macos_only: systems?.macOnly ?? false,
    machines_latest_schedule_rp_count: Number(points?.n ?? 0),
  };
}

export async function setClient(ctx: AppContext, actor: Actor, clientId: number) {
  const db = ctx.dbh.db;
  // Another tenant's client is a 404 before anything else (the isolation suite), then the session.
  await azureReseller(db, actor);
  const client = await loadClient(db, actor, clientId);
  const s = await loadSession(db, actor);
  if (actor.clientId !== null || Number(client.reseller_id) !== Number(s.reseller_id)) return { ok: false };
  if (azureClientIneligibility(await clientFlags(db, actor, client))) return { ok: false };
  await update(
    db,
    actor,
    { client_id: Number(client.id), device_id: null, restore_point_id: null, ...SIGN_IN_RESET },
    ctx.clock.now(),
  );
  return { ok: true };
}

async function latestCloudPoint(db: Db, actor: Actor, systemId: number) {
  const r = await scoped(db, actor)
    .selectFrom('restore_points')
    .select((eb) => eb.fn.max('taken_at').as('at'))
    .where('system_id', '=', systemId)
    .where('is_cloud', '=', 1)
    .executeTakeFirst();
  return r?.at === null || r?.at === undefined ? null : Number(r.at);
}

export async function setDevice(ctx: AppContext, actor: Actor, deviceId: number) {
  const db = ctx.dbh.db;
  await azureReseller(db, actor);
  const system = await findInScope(db, actor, 'protected_systems', deviceId, 'This device');
  const s = await loadSession(db, actor);
  if (Number(system.client_id) !== Number(s.client_id) || Number(system.service_gen) !== SECOND_TOOL)
    return { ok: false };
  const latest = await latestCloudPoint(db, actor, Number(system.id));
  if (rbIneligibility({ systemOsType: system.os_type, ftpsAllowed: latest !== null }, true))
    return { ok: false };
  // Changing the device clears the restore point (and what depends on it).
  await update(db, actor, { device_id: Number(system.id), restore_point_id: null }, ctx.clock.now());
  return { ok: true };
}

export async function setRestorePoint(ctx: AppContext, actor: Actor, pointId: number) {
  const db = ctx.dbh.db;
  await azureReseller(db, actor);
  // A point outside the actor's scope is a 404; one of another device, or not in the cloud, a
  // selection that does not fit (ok false).
  const point = await scoped(db, actor)
    .selectFrom('restore_points')
    .select(['id', 'system_id', 'is_cloud'])
    .where('id', '=', pointId)
    .executeTakeFirst();
  if (!point) throw new NotFoundError('This restore point');
  const s = await loadSession(db, actor);
  if (s.device_id === null || Number(point.system_id) !== Number(s.device_id) || !Number(point.is_cloud))
    return { ok: false };
  await update(db, actor, { restore_point_id: Number(point.id) }, ctx.clock.now());
  return { ok: true };
}

// --- Sign-in ---------------------------------------------------------------------------------

const codeOf = (ctx: AppContext, sealed: string | null): AzureDeviceCode | null =>
  sealed ? (JSON.parse(open(ctx.config.secretKey, sealed)) as AzureDeviceCode) : null;

export async function authData(ctx: AppContext, actor: Actor, scopeName: string) {
  if (!(AZURE_SCOPES as readonly string[]).includes(scopeName))
    throw new BadRequestError('The sign-in scope must be manager or storage.');
  const scope = scopeName as AzureScope;
  const db = ctx.dbh.db;
  const s = await loadSession(db, actor);
  if (s.restore_point_id === null) throw new BadRequestError('Choose a restore point before signing in.');
  if (scope === 'storage' && !Number(s.manager_granted))
    throw new BadRequestError('Grant resource manager access first.');
  const code = await ctx.ports.azure.requestDeviceCode(s.session_key, scope);
  const sealed = seal(ctx.config.secretKey, JSON.stringify(code));
  await update(
    db,
    actor,
    scope === 'manager'
      ? { manager_code_enc: sealed, manager_granted: 0, storage_code_enc: null, storage_granted: 0 }
      : { storage_code_enc: sealed, storage_granted: 0 },
    ctx.clock.now(),
  );
  return {
    device_code: code.deviceCode,
    verification_url: code.verificationUrl,
    ...(scope === 'manager' ? { knowledge_base_text: KNOWLEDGE_BASE_TEXT } : {}),
    expires_at: code.expiresAt,
    expires_in: Math.max(0, Math.round((code.expiresAt - ctx.clock.now()) / 1000)),
  };
}

export async function checkToken(ctx: AppContext, actor: Actor, ip: string): Promise<AzureCheckAnswer> {
  const db = ctx.dbh.db;
  const s = await loadSession(db, actor);
  const now = ctx.clock.now();
  const state = async (granted: number, sealed: string | null) => {
    if (Number(granted)) return { state: 'granted' as AzureLoginState, user: null };
    const code = codeOf(ctx, sealed);
    if (!code) return { state: 'none' as AzureLoginState, user: null };
    const r = await ctx.ports.azure.checkDeviceCode(s.session_key, code);
    return { state: r.status as AzureLoginState, user: r.user };
  };
  const manager = await state(s.manager_granted, s.manager_code_enc);
  let user = s.azure_user ?? manager.user;
  const storage =
    manager.state === 'granted'
      ? await state(s.storage_granted, s.storage_code_enc)
      : { state: 'none' as AzureLoginState, user: null };
  user = user ?? storage.user;
  const newlyManager = manager.state === 'granted' && !Number(s.manager_granted);
  const newlyStorage = storage.state === 'granted' && !Number(s.storage_granted);
  if (newlyManager || newlyStorage) {
    await db.transaction().execute(async (trx) => {
      await update(
        trx,
        actor,
        {
          manager_granted: manager.state === 'granted' ? 1 : 0,
          storage_granted: storage.state === 'granted' ? 1 : 0,
          azure_user: user,
        },
        now,
      );
      await audit(trx, now, {
        actor,
        action: 'azure.sign_in',
        targetType: 'azure_session',
        targetId: actor.userId,
        details: { scope: newlyStorage ? 'storage' : 'manager', azure_user: user },
        ip,
      });
    });
  }
  return {
    success: manager.state === 'granted',
    tokenCreated: manager.state === 'granted' && storage.state === 'granted',
    user: user ? { login: user } : null,
    manager: manager.state,
    storage: storage.state,
  };
}

function signedIn(s: Session): boolean {
  return Number(s.manager_granted) === 1 && Number(s.storage_granted) === 1;
}

// --- Resource groups and storage accounts ------------------------------------------------------

const NOT_SIGNED_IN = 'Sign in to Azure first.';

export async function resourceGroups(ctx: AppContext, actor: Actor) {
  const s = await loadSession(ctx.dbh.db, actor);
  if (!signedIn(s)) return { success: false, table_data: [], error: NOT_SIGNED_IN };
  const groups = await ctx.ports.azure.listResourceGroups(s.session_key);
  return {
    success: true,
    error: null,
    table_data: groups.map((g) => ({
      id: g.id,
      name: g.name,
      subscription_id: g.subscriptionId,
      subscription_display_name: g.subscriptionName,
      location_display_name: g.location,
    })),
  };
}

export async function storageAccounts(
  ctx: AppContext,
  actor: Actor,
  q: { subscriptionId: string; resourceGroupName: string },
) {
  const s = await loadSession(ctx.dbh.db, actor);
  if (!signedIn(s)) return { success: false, table_data: [], error: NOT_SIGNED_IN };
  const accounts = await ctx.ports.azure.listStorageAccounts(
    s.session_key,
    q.subscriptionId,
    q.resourceGroupName,
  );
  return {
    success: true,
    error: null,
    table_data: accounts.map((a) => ({ id: a.id, name: a.name, location_display_name: a.location })),
  };
}

export async function setResourceGroup(
  ctx: AppContext,
  actor: Actor,
  b: { subscription_id: string; subscription_name: string; resource_group_name: string },
) {
  const db = ctx.dbh.db;
  const s = await loadSession(db, actor);
  if (!signedIn(s) || s.restore_point_id === null) return { ok: false };
  const groups = await ctx.ports.azure.listResourceGroups(s.session_key);
  const g = groups.find((x) => x.subscriptionId === b.subscription_id && x.name === b.resource_group_name);
  if (!g) return { ok: false };
  await update(
    db,
    actor,
    {
      subscription_id: g.subscriptionId,
      subscription_name: g.subscriptionName,
      resource_group_name: g.name,
      storage_account_name: null,
      storage_account_region: null,
    },
    ctx.clock.now(),
  );
  return { ok: true };
}

export async function setStorageAccount(
  ctx: AppContext,
  actor: Actor,
  b: { storage_account_name: string; storage_account_region: string },
) {
  const db = ctx.dbh.db;
  const s = await loadSession(db, actor);
  if (!signedIn(s) || s.subscription_id === null || s.resource_group_name === null) return { ok: false };
  const accounts = await ctx.ports.azure.listStorageAccounts(
    s.session_key,
    s.subscription_id,
    s.resource_group_name,
  );
  const a = accounts.find((x) => x.name === b.storage_account_name);
  if (!a) return { ok: false };
  await update(
    db,
    actor,
    { storage_account_name: a.name, storage_account_region: a.location },
    ctx.clock.now(),
  );
  return { ok: true };
}

// --- Start ----------------------------------------------------------------------------------

export async function startRecover(ctx: AppContext, actor: Actor, ip: string) {
  const db = ctx.dbh.db;
  const s = await loadSession(db, actor);
  if (
    s.device_id === null ||
    s.restore_point_id === null ||
    !signedIn(s) ||
    !s.azure_user ||
    !s.subscription_id ||
    !s.subscription_name ||
    !s.resource_group_name ||
    !s.storage_account_name ||
    !s.storage_account_region
  )
    throw new BadRequestError('Complete every step of the wizard before restoring to Azure.');
  const system = await findInScope(db, actor, 'protected_systems', s.device_id, 'This device');
  const point = await scoped(db, actor)
    .selectFrom('restore_points')
    .select(['id', 'taken_at'])
    .where('id', '=', s.restore_point_id)
    .where('system_id', '=', system.id)
    .executeTakeFirst();
  if (!point) throw new NotFoundError('This restore point');
  const now = ctx.clock.now();
  const jobId = await db.transaction().execute(async (trx) => {
    // One upload of a point's disks to a storage account at a time: a double-click, or a start
    // on another instance, answers the restore already running (the system's row is locked).
    await lockRow(trx, 'protected_systems', Number(system.id));
    const running = await scoped(trx, actor)
      .selectFrom('azure_jobs')
      .select('id')
      .where('restore_point_id', '=', Number(point.id))
      .where('storage_account_name', '=', s.storage_account_name ?? '')
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (running) return Number(running.id);
    const inserted = await scoped(trx, actor, system)
      .insertInto('azure_jobs')
      .values({
        ...pointColumns(system, point),
        system_name: system.name,
        azure_user: s.azure_user ?? '',
        subscription_id: s.subscription_id ?? '',
        subscription_name: s.subscription_name ?? '',
        resource_group_name: s.resource_group_name ?? '',
        storage_account_name: s.storage_account_name ?? '',
        storage_account_region: s.storage_account_region ?? '',
        status: 'running',
        user_id: actor.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await enqueueForRow(ctx.operations, trx, actor, 'azure_jobs', {
      kind: AZURE_RESTORE,
      input: { id },
      resellerId: Number(system.reseller_id),
      clientId: Number(system.client_id),
      subjectType: 'azure_job',
      subjectId: id,
      createdBy: actor.userId,
    });
    await audit(trx, now, {
      actor,
      action: 'azure.restore.start',
      targetType: 'azure_job',
      targetId: id,
      details: {
        system_id: Number(system.id),
        restore_point_id: Number(point.id),
        subscription_id: s.subscription_id,
        resource_group: s.resource_group_name,
        storage_account: s.storage_account_name,
        azure_user: s.azure_user,
      },
      ip,
    });
    return id;
  });
  ctx.operations.wake();
  return { success: true, job_id: jobId, error: null };
}

// --- Jobs (the export panels) --------------------------------------------------------------

type JobRow = Selectable<Database['azure_jobs']>;

const stamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function presentJob(r: JobRow): AzureJob {
  const urls = JSON.parse(r.disk_urls) as string[];
  const blocks: AzureJob['blocks'] = [
    {
      title: `${r.system_name} to Azure`,
      elements: [
        { label: 'Restore point', value: stamp(Number(r.rp_taken_at)) },
        { label: 'Started', value: stamp(Number(r.created_at)) },
        { label: 'Azure account', value: r.azure_user },
      ],
    },
    {
      title: 'Destination',
      elements: [
        { label: 'Subscription', value: r.subscription_name },
        { label: 'Resource group', value: r.resource_group_name },
        { label: 'Storage account', value: `${r.storage_account_name} (${r.storage_account_region})` },
      ],
    },
  ];
  if (urls.length > 0)
    blocks.push({
      title: 'Restored disks',
      elements: urls.map((u, i) => ({ label: `Disk ${i}`, value: u })),
    });
  if (r.error) blocks.push({ title: 'Error', elements: [{ label: 'Reason', value: r.error }] });
  return {
    jobId: Number(r.id),
    status: r.status,
    finish_time: r.finished_at === null ? null : Number(r.finished_at),
    percent: Number(r.percent),
    step: r.step,
    blocks,
    ...azureJobActions(r.status),
  };
}

export async function listJobs(db: Db, actor: Actor, q: { resellerId?: number; clientId?: number }) {
  await azureReseller(db, actor);
  let query = scoped(db, actor)
    .selectFrom('azure_jobs')
    .selectAll()
    .where('dismissed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50);
  if (q.resellerId !== undefined) {
    // The reseller's panel: a client user names no reseller, its own neither (issue 18.5).
    if (q.resellerId !== actor.resellerId || scopeKind(actor) === 'client')
      throw new NotFoundError('This reseller');
    query = query.where('reseller_id', '=', q.resellerId);
  }
  if (q.clientId !== undefined) {
    await loadClient(db, actor, q.clientId);
    query = query.where('client_id', '=', q.clientId);
  }
  return { jobs: (await query.execute()).map(presentJob) };
}

async function loadJob(db: Db, actor: Actor, id: number) {
  await azureReseller(db, actor);
  const row = await scoped(db, actor)
    .selectFrom('azure_jobs')
    .selectAll()
    .where('id', '=', id)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This Azure job');
  return row;
}

export async function jobInfo(db: Db, actor: Actor, id: number) {
  return { job: presentJob(await loadJob(db, actor, id)) };
}

export async function cancelJob(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const db = ctx.dbh.db;
  const row = await loadJob(db, actor, id);
  if (row.status !== 'running') return { success: false };
  const now = ctx.clock.now();
  return db.transaction().execute(async (trx) => {
    const r = await scoped(trx, actor)
      .updateTable('azure_jobs')
      .set({ status: 'cancelled', finished_at: now, step: 'Cancelled' })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return { success: false };
    await audit(trx, now, { actor, action: 'azure.job.cancel', targetType: 'azure_job', targetId: id, ip });
    return { success: true };
  });
}

export async function dismissJob(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const db = ctx.dbh.db;
  const row = await loadJob(db, actor, id);
  if (!azureJobActions(row.status).canDismiss) return { success: false };
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('azure_jobs')
      .set({ dismissed_at: now })
      .where('id', '=', id)
      .execute();
    await audit(trx, now, { actor, action: 'azure.job.dismiss', targetType: 'azure_job', targetId: id, ip });
  });
  return { success: true };
}

// --- The staff's switch ------------------------------------------------------------------------

/** The reseller's flag as the staff's settings view shows it; another tenant's reseller is a 404. */
export async function resellerEnabled(ctx: AppContext, actor: Actor, resellerId: number) {
  const r = await loadReseller(ctx.dbh.db, actor, resellerId);
  return { reseller_id: Number(r.id), enabled: Number(r.azure_restore_enabled) === 1 };
}

/** The provider's staff switch the flag of a reseller and of its clients (audited, old and new value). */
export async function setResellerEnabled(
  ctx: AppContext,
  actor: Actor,
  b: { reseller_id: number; enabled: boolean },
  ip: string,
) {
  const db = ctx.dbh.db;
  // The reseller first: another tenant's is a 404 (issue 11.3); then the right (403).
  const reseller = await loadReseller(db, actor, b.reseller_id);
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('organisations')
      .set({ azure_restore_enabled: b.enabled ? 1 : 0 })
      .where((eb) => eb.or([eb('id', '=', reseller.id), eb('reseller_id', '=', reseller.id)]))
      .execute();
    await audit(trx, now, {
      actor,
      action: 'azure.reseller_enabled',
      targetType: 'organisation',
      targetId: Number(reseller.id),
      // Every settings change is audited with the old and new value (issue 17).
      details: {
        reseller: reseller.name,
        old: Number(reseller.azure_restore_enabled) === 1,
        new: b.enabled,
        changed_by: actor.name || actor.username,
      },
      ip,
    });
  });
  return { reseller_id: Number(reseller.id), enabled: b.enabled };
}
