import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { postForm } from './test-support';

// POST /api/v1/object/{client,user}/save, deletes and support logins: field errors, sanitising,
// levels, and tenancy (another organisation's rows answer 404 and stay untouched).

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};
let privateB: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  await t.dbh.db.updateTable('organisations').set({ can_create_client: 1 }).execute();
  for (const u of ['staff', 'dist', 'resa', 'resb', 'clia1']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
  privateB = (
    await t.dbh.db
      .insertInto('vaults')
      .values({
        name: 'Private B',
        reseller_id: w.resellerB,
        vault_type: 'private',
        created_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const form = (who: string, url: string, fields: Record<string, string | number>) =>
  postForm(t.app, s[who]!, url, fields);
const saveClient = (who: string, f: Record<string, string | number>) =>
  form(who, '/api/v1/object/client/save', f);
const saveUser = (who: string, f: Record<string, string | number>) =>
  form(who, '/api/v1/object/user/save', f);
const del = (who: string, entity: string, id: number) =>
  call(t.app, s[who]!, { method: 'DELETE', url: `/api/v1/object/${entity}/${id}` });
const org = (id: number) =>
  t.dbh.db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
const user = (id: number) => t.dbh.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
const counts = async () => ({
  orgs: (await t.dbh.db.selectFrom('organisations').select('id').execute()).length,
  users: (await t.dbh.db.selectFrom('users').select('id').execute()).length,
  audit: (await t.dbh.db.selectFrom('audit_log').select('id').execute()).length,
});

describe('refused save bodies', () => {
  const send = (url: string, payload: string, type = 'application/json') =>
    call(t.app, s.resa!, { method: 'POST', url, headers: { 'content-type': type }, payload });

  it('answers 400 with the spec\u2019s is_error, never 500, for malformed JSON on every save', async () => {
    const before = await counts();
    for (const entity of ['client', 'reseller', 'user']) {
      for (const payload of ['{"name": ', '', '[1,2]', 'null']) {
        const res = await send(`/api/v1/object/${entity}/save`, payload);
        expect(res.statusCode, `${entity} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json()).toMatchObject({ is_error: true, errors: {}, code: expect.any(String) });
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('answers a body its schema refuses with is_error and the field, as the service\u2019s own', async () => {
    const res = await saveClient('resa', { name: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ is_error: true, errors: { name: expect.any(String) } });
    const json = await send('/api/v1/object/user/save', JSON.stringify({ name: 5, disabled: 'maybe' }));
    expect(json.statusCode).toBe(400);
    expect(json.json().is_error).toBe(true);
  });
});

describe('client save', () => {
  it('creates a client under the reseller, sanitises its fields and audits it', async () => {
    const res = await saveClient('resa', {
      name: ' Dental <b>Care</b>; Ltd ',
      email: 'Office@Dental.example',
    });
    expect(res.statusCode).toBe(201);
    const { is_error, id } = res.json();
    expect(is_error).toBe(false);
    const row = await org(id);
    expect(row).toMatchObject({
      kind: 'client',
      name: 'Dental bCare/b Ltd',
      name_lc: 'dental bcare/b ltd',
      reseller_id: w.resellerA,
      parent_id: w.resellerA,
      distributor_id: w.distributor,
      email: 'office@dental.example',
    });
    const a = await t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'client.create')
      .execute();
    expect(a.map((e) => e.target_id)).toEqual([String(id)]);
  });

  it('answers field errors under their fields and stores nothing', async () => {
    const before = await counts();
    const res = await saveClient('resa', { name: '<<>>', email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.is_error).toBe(true);
    expect(body.errors.name).toMatch(/client name/i);
    expect(body.errors.email).toMatch(/e-mail/i);
    const dup = await saveClient('resa', { name: 'client a1' });
    expect(dup.json().errors.name).toMatch(/already exists/);
    const long = await saveClient('resa', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('edits a client in scope', async () => {
    const cur = await call(t.app, s.resa!, { method: 'GET', url: `/api/v1/object/client/${w.clientA2}` });
    expect(cur.json()).toEqual({ id: w.clientA2, name: 'Client A2', email: null, reseller_id: w.resellerA });
    const res = await saveClient('resa', { id: w.clientA2, name: 'Client A2 renamed' });
    expect(res.statusCode).toBe(200);
    expect((await org(w.clientA2))?.name).toBe('Client A2 renamed');
  });

  it('creates for a distributor under a reseller it sees, and needs the reseller then', async () => {
    const missing = await saveClient('dist', { name: 'No reseller' });
    expect(missing.json().errors.reseller_id).toBeTruthy();
    const ok = await saveClient('dist', { name: 'Via distributor', reseller_id: w.resellerB });
    expect(ok.statusCode).toBe(201);
    expect((await org(ok.json().id))?.reseller_id).toBe(w.resellerB);
  });

  it('refuses a reseller without the right to create clients (403), and client users (403)', async () => {
    await t.dbh.db
      .updateTable('organisations')
      .set({ can_create_client: 0 })
      .where('id', '=', w.resellerB)
      .execute();
    const before = await counts();
    expect((await saveClient('resb', { name: 'Nope' })).statusCode).toBe(403);
    await t.dbh.db
      .updateTable('organisations')
      .set({ can_create_client: 1 })
      .where('id', '=', w.resellerB)
      .execute();
    expect((await saveClient('clia1', { id: w.clientA1, name: 'Mine now' })).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await org(w.clientA1))?.name).toBe('Client A1');
  });

  it('deletes an empty client after confirmation, refuses one with devices (409)', async () => {
    const made = (await saveClient('resa', { name: 'Short lived' })).json().id;
    expect((await del('resa', 'client', made)).statusCode).toBe(200);
    expect(await org(made)).toBeUndefined();
    const busy = await del('resa', 'client', w.clientA1);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/protected devices/);
    expect(await org(w.clientA1)).toBeDefined();
  });
});

describe('reseller save', () => {
  const saveReseller = (who: string, f: Record<string, string | number>) =>
    form(who, '/api/v1/object/reseller/save', f);

  it('lets the distributor rename a reseller and turn off client creation, audited', async () => {
    const res = await saveReseller('dist', {
      id: w.resellerB,
      name: 'Reseller B Ltd',
      email: 'ops@b.example',
      can_create_client: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(await org(w.resellerB)).toMatchObject({
      name: 'Reseller B Ltd',
      name_lc: 'reseller b ltd',
      email: 'ops@b.example',
      can_create_client: 0,
    });
    await saveReseller('staff', { id: w.resellerB, name: 'Reseller B', can_create_client: 1 });
    expect((await org(w.resellerB))?.can_create_client).toBe(1);
    const a = await t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'reseller.update')
      .execute();
    expect(a).toHaveLength(2);
  });

  it('refuses resellers editing themselves (403), another reseller (404) and a duplicate name (400)', async () => {
    const before = await org(w.resellerA);
    expect((await saveReseller('resa', { id: w.resellerA, name: 'Mine' })).statusCode).toBe(403);
    expect((await saveReseller('resa', { id: w.resellerB, name: 'Theirs' })).statusCode).toBe(404);
    expect((await saveReseller('dist', { id: w.clientA1, name: 'Not a reseller' })).statusCode).toBe(404);
    const dup = await saveReseller('dist', { id: w.resellerA, name: 'reseller b' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.name).toMatch(/already exists/);
    expect(await org(w.resellerA)).toEqual(before);
  });
});

describe('reseller add and delete', () => {
  const saveReseller = (who: string, f: Record<string, string | number>) =>
    form(who, '/api/v1/object/reseller/save', f);
  const audits = (action: string, id: number) =>
    t.dbh.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', action)
      .where('target_id', '=', String(id))
      .execute();

  it('lets a distributor add a reseller under itself, audited, and list it', async () => {
    const res = await saveReseller('dist', { name: 'Harbour IT', email: 'ops@harbour.example' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect(await org(id)).toMatchObject({
      kind: 'reseller',
      parent_id: w.distributor,
      distributor_id: w.distributor,
      reseller_id: id,
      name: 'Harbour IT',
      email: 'ops@harbour.example',
      can_create_client: 1,
    });
    expect(await audits('reseller.create', id)).toHaveLength(1);
    const listed = (await form('dist', '/reseller/data', { search: 'Harbour' })).json().content;
    expect(listed).toEqual([expect.objectContaining({ id, clients: 0, can_edit: true, can_delete: true })]);
    // Its new client makes it undeletable in the list.
    const withClient = (await form('dist', '/reseller/data', { search: 'Reseller A' })).json().content;
    expect(withClient[0]).toMatchObject({ can_delete: false });
  });

  it('lets staff add one under the distributor they choose, and asks for it', async () => {
    const missing = await saveReseller('staff', { name: 'No distributor' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      distributor_id: 'Choose the distributor the reseller belongs to.',
    });
    const res = await saveReseller('staff', { name: 'Staff made', distributor_id: w.distributor });
    expect(res.statusCode).toBe(201);
    expect(await org(res.json().id)).toMatchObject({ distributor_id: w.distributor });
  });

  it('refuses resellers and client users (403), a duplicate name (400), a client named as distributor (404)', async () => {
    const before = await counts();
    expect((await saveReseller('resa', { name: 'Spawned' })).statusCode).toBe(403);
    expect((await saveReseller('clia1', { name: 'Spawned' })).statusCode).toBe(403);
    const dup = await saveReseller('dist', { name: 'reseller a' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.name).toMatch(/already exists/);
    expect((await saveReseller('staff', { name: 'Wrong', distributor_id: w.clientA1 })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('deletes an empty reseller with its users, audited; refuses one with clients (409), others 403', async () => {
    const id = (await saveReseller('dist', { name: 'Short lived' })).json().id as number;
    const login = await saveUser('dist', {
      organisation_id: id,
      name: 'Short lived admin',
      email: 'admin@short.example',
      password: 'longenough',
    });
    expect(login.statusCode).toBe(201);
    expect((await del('resa', 'reseller', id)).statusCode).toBe(404);
    expect((await del('resa', 'reseller', w.resellerA)).statusCode).toBe(403);
    const busy = await del('dist', 'reseller', w.resellerA);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      'Reseller A still has clients. Remove them before deleting the reseller.',
    );
    expect(await org(w.resellerA)).toBeDefined();
    expect((await del('dist', 'client', id)).statusCode).toBe(404);

    const res = await del('dist', 'reseller', id);
    expect(res.statusCode).toBe(200);
    expect(await org(id)).toBeUndefined();
    expect(await user(login.json().id)).toBeUndefined();
    expect(await audits('reseller.delete', id)).toHaveLength(1);
    expect((await del('dist', 'reseller', id)).statusCode).toBe(404);
  });
});

describe('tenancy: another organisation’s rows answer 404 and stay untouched', () => {
  it('on every save, delete and support action', async () => {
    const before = await counts();
    const clientB = await org(w.clientB1);
    const userB = await user(w.users.resB);
    const cases = [
      saveClient('resa', { id: w.clientB1, name: 'Hijacked' }),
      saveClient('resa', { name: 'Planted', reseller_id: w.resellerB }),
      saveClient('clia1', { id: w.clientA2, name: 'Neighbour' }),
      saveClient('resa', { id: w.resellerA, name: 'Not a client' }),
      del('resa', 'client', w.clientB1),
      call(t.app, s.resa!, { method: 'GET', url: `/api/v1/object/client/${w.clientB1}` }),
      del('clia1', 'client', w.clientA2),
      saveUser('resa', { id: w.users.resB, name: 'Hijacked' }),
      saveUser('resa', {
        organisation_id: w.clientB1,
        name: 'Planted',
        email: 'p@x.example',
        password: 'longenough',
      }),
      saveUser('clia1', {
        organisation_id: w.clientA2,
        name: 'Planted',
        email: 'q@x.example',
        password: 'longenough',
      }),
      del('resa', 'user', w.users.resB),
      del('clia1', 'user', w.users.resA),
      form('resa', '/api/support/appliance/b1b1b1', {}),
      form('resa', `/api/support/appliance/${w.applianceB1}`, {}),
      form('resb', '/api/support/vault/999999', {}),
      form('resa', `/api/support/vault/${privateB}`, {}),
      form('resa', '/user/data', { reseller_id: w.resellerB }),
      form('resa', '/license/data', { reseller_id: w.resellerB }),
      form('resa', '/api/v1/object/reseller/save', { id: w.resellerB, name: 'Hijacked' }),
      del('resa', 'reseller', w.resellerB),
      form('resa', '/client/data', { reseller_id: w.resellerB }),
      form('resa', '/appliance/data', { client_id: w.clientB1 }),
    ];
    for (const res of await Promise.all(cases)) expect(res.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect(await org(w.clientB1)).toEqual(clientB);
    expect(await user(w.users.resB)).toEqual(userB);
  });
});

describe('users and levels', () => {
  it('lets a reseller create a user in its own organisation and in its clients', async () => {
    const own = await saveUser('resa', {
      name: 'Riley Park',
      email: 'riley@resa.example',
      password: 'a good password',
    });
    expect(own.statusCode).toBe(201);
    expect(await user(own.json().id)).toMatchObject({
      username: 'riley@resa.example',
      level: 1,
      organisation_id: w.resellerA,
    });
    const cli = await saveUser('resa', {
      organisation_id: w.clientA1,
      username: 'Front.Desk',
      name: 'Front desk',
      email: 'desk@a1.example',
      password: 'another one!',
    });
    expect(cli.statusCode).toBe(201);
    expect(await user(cli.json().id)).toMatchObject({ username: 'front.desk', level: 0 });
    // The new login works.
    await expect(loginAs(t.app, 'front.desk', 'another one!')).resolves.toBeTruthy();
  });

  it('never creates a user above one’s own level (403), whatever level the browser sends', async () => {
    const before = await counts();
    const asked = await saveUser('resa', {
      name: 'Sneaky',
      email: 'sneaky@resa.example',
      password: 'longenough',
      level: 3,
    });
    expect(asked.statusCode).toBe(403);
    const clientUp = await saveUser('clia1', {
      name: 'Up',
      email: 'up@a1.example',
      password: 'longenough',
      level: 1,
    });
    expect(clientUp.statusCode).toBe(403);
    // Staff (2) cannot make a distributor login (3); a reseller cannot reach the provider at all.
    const staffUp = await saveUser('staff', {
      organisation_id: w.distributor,
      name: 'Dist',
      email: 'd@d.example',
      password: 'longenough',
    });
    expect(staffUp.statusCode).toBe(403);
    const toProvider = await saveUser('resa', {
      organisation_id: w.provider,
      name: 'P',
      email: 'p@p.example',
      password: 'longenough',
    });
    expect(toProvider.statusCode).toBe(404);
    // Editing or deleting someone above: the reseller's own client user cannot touch the reseller.
    expect((await saveUser('clia1', { id: w.users.resA, name: 'x' })).statusCode).toBe(404);
    expect((await saveUser('staff', { id: w.users.dist, name: 'x' })).statusCode).toBe(403);
    expect((await del('staff', 'user', w.users.dist)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('reports user field errors: short password, taken user name, bad characters, level mismatch', async () => {
    const res = await saveUser('resa', {
      name: '',
      username: 'resb',
      email: 'x',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: expect.any(String),
      email: expect.any(String),
      password: expect.stringMatching(/8/),
    });
    const taken = await saveUser('resa', {
      name: 'Dup',
      username: 'resb',
      email: 'd@x.example',
      password: 'longenough',
    });
    expect(taken.json().errors.username).toMatch(/taken/);
    const lower = await saveUser('resa', {
      name: 'Lower',
      email: 'l@x.example',
      password: 'longenough',
      level: 0,
    });
    expect(lower.json().errors.level).toMatch(/organisation/);
  });

  it('edits a user, keeps the password when left empty, and a user cannot disable or delete itself', async () => {
    const before = (await user(w.users.cliA1))!.password_hash;
    const res = await saveUser('resa', { id: w.users.cliA1, name: 'Clia Renamed', email: 'clia@a1.example' });
    expect(res.statusCode).toBe(200);
    expect(await user(w.users.cliA1)).toMatchObject({ name: 'Clia Renamed', password_hash: before });
    const self = await saveUser('resa', {
      id: w.users.resA,
      name: 'RESA',
      email: 'resa@x.example',
      disabled: 1,
    });
    expect(self.json().errors.disabled).toBeTruthy();
    expect((await del('resa', 'user', w.users.resA)).statusCode).toBe(409);
  });

  it('deletes a user below and ends its sessions', async () => {
    const made = await saveUser('clia1', { name: 'Temp', email: 'temp@a1.example', password: 'longenough' });
    const id = made.json().id;
    await loginAs(t.app, 'temp@a1.example', 'longenough');
    expect((await del('clia1', 'user', id)).statusCode).toBe(200);
    expect(await user(id)).toBeUndefined();
    const sessions = await t.dbh.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
    expect(sessions).toEqual([]);
  });
});

describe('support logins', () => {
  it('describes the appliance it would open, by serial or id, and audits it', async () => {
    const bySid = await form('resa', '/api/support/appliance/a1a1a1', {});
    expect(bySid.statusCode).toBe(200);
    expect(bySid.json()).toMatchObject({ kind: 'appliance', id: w.applianceA1, sid: 'a1a1a1', online: true });
    expect(bySid.json().message).toMatch(/no real appliance is reachable/i);
    const byId = await form('resa', `/api/support/appliance/${w.applianceA1}`, {});
    expect(byId.json().id).toBe(w.applianceA1);
    const logged = await t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'appliance.support_login')
      .execute();
    expect(logged).toHaveLength(2);
  });

  it('opens a reseller’s own private vault', async () => {
    const res = await form('resb', `/api/support/vault/${privateB}`, {});
    expect(res.json()).toMatchObject({ kind: 'vault', id: privateB, name: 'Private B', sid: null });
  });

  it('refuses client users, who have no single sign-on access', async () => {
    expect((await form('clia1', '/api/support/appliance/a1a1a1', {})).statusCode).toBe(403);
  });
});
