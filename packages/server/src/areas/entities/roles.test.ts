import { levelRights, RIGHTS, type Right, rightsOf } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { postForm } from './test-support';

// Custom roles (docs/decisions.md 'Roles'): a user's rights are their level's narrowed to their
// role's; no one makes, changes or gives a role with a right they do not hold; another tenant's
// role is not found; every change is audited.

let t: TestApp;
let w: World;
let resa: Session;
let resb: Session;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  resa = await loginAs(t.app, 'resa', TEST_PASSWORD);
  resb = await loginAs(t.app, 'resb', TEST_PASSWORD);
});
afterAll(() => t.close());

const TECHNICIAN: Right[] = levelRights(1).filter((r) => r !== 'view_reports');

const makeRole = (s: Session, payload: Record<string, unknown>) =>
  call(t.app, s, { method: 'POST', url: '/api/roles', payload });
const saveUser = (s: Session, fields: Record<string, string | number>) =>
  postForm(t.app, s, '/api/v1/object/user/save', fields);
const rightsOfSession = async (s: Session) =>
  (await call(t.app, s, { method: 'GET', url: '/api/session' })).json().user.rights as string[];
const audits = (action: string) =>
  t.dbh.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

let technician: number;
let tech: Session;
let techId: number;

describe('custom roles', () => {
  it('makes a role of rights the reseller holds, audited', async () => {
    const res = await makeRole(resa, { name: 'Technician', rights: TECHNICIAN });
    expect(res.statusCode, res.body).toBe(200);
    const role = res.json().role;
    expect(role).toMatchObject({ name: 'Technician', organisation_id: w.resellerA, users: 0 });
    expect(role.rights).not.toContain('view_reports');
    technician = role.id;
    const [a] = await audits('role.create');
    expect(a).toMatchObject({ target_type: 'role', target_id: String(technician), user_id: w.users.resA });
  });

  it('gives a new user the role: their session and the calls follow the narrowed rights', async () => {
    const res = await saveUser(resa, {
      name: 'Tess Tech',
      email: 'tess@example.test',
      username: 'tess',
      password: TEST_PASSWORD,
      organisation_id: w.resellerA,
      role_id: technician,
    });
    expect(res.statusCode, res.body).toBe(201);
    techId = res.json().id;
    tech = await loginAs(t.app, 'tess', TEST_PASSWORD);
    const full = rightsOf({
      level: 1,
      organisationKind: 'reseller',
      grants: { can_recover: 1, can_create_client: 1, can_download_agent: 1, can_edit_policy: 1 },
    });
    expect(await rightsOfSession(tech)).toEqual(full.filter((r) => r !== 'view_reports'));
    const reports = await call(t.app, tech, {
      method: 'GET',
      url: '/async_reports/executive_summary/get_clients_list/0',
    });
    expect(reports.statusCode).toBe(403);
    expect(reports.json()).toMatchObject({ code: 'RIGHT', message: RIGHTS.view_reports.refused });
    // The users table names the role.
    const list = await postForm(t.app, resa, '/user/data', { search: 'tess' });
    expect(list.json().content[0]).toMatchObject({ role_id: technician, role_name: 'Technician' });
  });

  it('narrows an API key too: a key cannot be given a right the role takes away', async () => {
    const res = await call(t.app, tech, {
      method: 'POST',
      url: '/api/keys',
      payload: { name: 'Reports', days: 30, readOnly: false, rights: ['view_reports'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('You cannot give a key a right you do not hold');
  });

  it('refuses a narrowed user every way of handing out a right they lack (403 with a sentence)', async () => {
    const before = await t.dbh.db.selectFrom('roles').selectAll().execute();
    // A role with the right.
    const make = await makeRole(tech, { name: 'Reporter', rights: ['view_reports'] });
    expect(make.statusCode).toBe(403);
    expect(make.json().message).toMatch(
      /^You cannot make a role with a right you do not hold yourself: Generate/,
    );
    // Changing a role that holds it.
    const full = (await makeRole(resa, { name: 'Everything', rights: levelRights(1) })).json().role.id;
    const change = await call(t.app, tech, {
      method: 'PUT',
      url: `/api/roles/${full}`,
      payload: { name: 'Everything', rights: TECHNICIAN },
    });
    expect(change.statusCode).toBe(403);
    // A new user with the built-in role (every right of the level), or with that role.
    for (const role_id of [0, full]) {
      const res = await saveUser(tech, {
        name: 'New One',
        email: `new${role_id}@example.test`,
        password: TEST_PASSWORD,
        organisation_id: w.resellerA,
        role_id,
      });
      expect(res.statusCode, `role ${role_id}`).toBe(403);
      expect(res.json().message).toMatch(
        /^You cannot give a user a role with a right you do not hold yourself/,
      );
    }
    // Their own role back to built-in, or editing and deleting someone who holds more.
    const widen = await saveUser(tech, { id: techId, name: 'Tess Tech', role_id: 0 });
    expect(widen.statusCode).toBe(400);
    expect(widen.json().fields.role_id).toBe(
      'You cannot change your own role: ask another user who manages users.',
    );
    const edit = await saveUser(tech, { id: w.users.resA, name: 'Taken Over', password: 'a new password 1' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toMatch(/^You cannot edit a user with a right you do not hold yourself/);
    const del = await call(t.app, tech, { method: 'DELETE', url: `/api/v1/object/user/${w.users.resA}` });
    expect(del.statusCode).toBe(403);
    const roles = await t.dbh.db.selectFrom('roles').selectAll().execute();
    expect(roles.length).toBe(before.length + 1);
    const resA = await t.dbh.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', w.users.resA)
      .executeTakeFirst();
    expect(resA?.name).toBe('RESA');
    // What they hold they may still hand out: a narrower role, a user with their own role.
    expect((await makeRole(tech, { name: 'Viewer', rights: [] })).statusCode).toBe(200);
    const same = await saveUser(tech, {
      name: 'Second Tech',
      email: 'tech2@example.test',
      password: TEST_PASSWORD,
      organisation_id: w.resellerA,
      role_id: technician,
    });
    expect(same.statusCode, same.body).toBe(201);
  });

  it('flags Edit and Delete on a user row only where the save and delete would be allowed', async () => {
    const rows = async (s: Session) =>
      (await call(t.app, s, { method: 'POST', url: '/user/data?rows=100' })).json().content as {
        username: string;
        can_edit: boolean;
        can_delete: boolean;
      }[];
    const flags = (list: Awaited<ReturnType<typeof rows>>, username: string) => {
      const r = list.find((u) => u.username === username);
      return r && { edit: r.can_edit, del: r.can_delete };
    };
    const seen = await rows(tech);
    // resa holds the reports right the technician's role takes away (the 403 above).
    expect(flags(seen, 'resa')).toEqual({ edit: false, del: false });
    expect(flags(seen, 'tech2@example.test')).toEqual({ edit: true, del: true });
    // A role without manage_users offers nothing, on anyone.
    const viewer = (await makeRole(resa, { name: 'Looker', rights: ['read'] })).json().role.id;
    const made = await saveUser(resa, {
      name: 'Lou Looker',
      email: 'looker@example.test',
      username: 'looker',
      password: TEST_PASSWORD,
      organisation_id: w.resellerA,
      role_id: viewer,
    });
    expect(made.statusCode, made.body).toBe(201);
    const looker = await loginAs(t.app, 'looker', TEST_PASSWORD);
    const all = await rows(looker);
    expect(all.length).toBeGreaterThan(1);
    expect(all.filter((u) => u.can_edit || u.can_delete)).toEqual([]);
  });

  it("answers 404 for another reseller's role, whatever the call", async () => {
    const other = (await makeRole(resb, { name: 'Auditor', rights: ['view_audit'] })).json().role.id;
    const put = await call(t.app, resa, {
      method: 'PUT',
      url: `/api/roles/${other}`,
      payload: { name: 'Mine', rights: [] },
    });
    expect(put.statusCode).toBe(404);
    expect((await call(t.app, resa, { method: 'DELETE', url: `/api/roles/${other}` })).statusCode).toBe(404);
    const give = await saveUser(resa, { id: techId, name: 'Tess Tech', role_id: other });
    expect(give.statusCode).toBe(404);
    const listed = (await call(t.app, resa, { method: 'GET', url: '/api/roles' })).json().roles;
    expect(listed.map((r: { id: number }) => r.id)).not.toContain(other);
    const forOrg = await call(t.app, resa, { method: 'GET', url: `/api/roles/organisation/${w.resellerB}` });
    expect(forOrg.statusCode).toBe(404);
    const row = await t.dbh.db.selectFrom('roles').select('name').where('id', '=', other).executeTakeFirst();
    expect(row?.name).toBe('Auditor');
  });

  it("refuses a role of another organisation's tree under the role field (staff see both)", async () => {
    const staff = await loginAs(t.app, 'staff', TEST_PASSWORD);
    const resbRole = (await call(t.app, staff, { method: 'GET', url: '/api/roles' }))
      .json()
      .roles.find((r: { name: string }) => r.name === 'Auditor');
    const res = await saveUser(staff, { id: techId, name: 'Tess Tech', role_id: resbRole.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.role_id).toMatch(/belongs to/);
    // A reseller's role may be given to its clients' users.
    const toClient = await saveUser(resa, {
      name: 'Client Viewer',
      email: 'cv@example.test',
      password: TEST_PASSWORD,
      organisation_id: w.clientA1,
      role_id: technician,
    });
    expect(toClient.statusCode, toClient.body).toBe(201);
    const forClient = (
      await call(t.app, resa, { method: 'GET', url: `/api/roles/organisation/${w.clientA1}` })
    )
      .json()
      .roles.map((r: { name: string }) => r.name);
    expect(forClient).toContain('Technician');
  });

  it('refuses bad input with 400 and a sentence', async () => {
    for (const payload of [
      { name: '', rights: [] },
      { name: 'X', rights: ['fly'] },
      { name: 'X', rights: 'recover' },
      { name: 'x'.repeat(101), rights: [] },
      { name: 'X' },
    ]) {
      const res = await makeRole(resa, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/^[A-Z].*\.$/);
    }
    const dup = await makeRole(resa, { name: 'technician', rights: [] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields.name).toMatch(/already has this name/);
    const badRole = await saveUser(resa, { id: techId, name: 'Tess Tech', role_id: 'x' });
    expect(badRole.statusCode).toBe(400);
    const unknown = await saveUser(resa, { id: techId, name: 'Tess Tech', role_id: 999999 });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a client's users making roles: roles belong to the reseller", async () => {
    const clia1 = await loginAs(t.app, 'clia1', TEST_PASSWORD);
    const res = await makeRole(clia1, { name: 'Mine', rights: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/ask your reseller/);
    const list = (await call(t.app, clia1, { method: 'GET', url: '/api/roles' })).json();
    expect(list).toEqual({ roles: [], can_create: false });
  });

  it("follows a role's change at the next request, and audits who gave which role", async () => {
    const res = await call(t.app, resa, {
      method: 'PUT',
      url: `/api/roles/${technician}`,
      payload: { name: 'Technician', rights: TECHNICIAN.filter((r) => r !== 'recover') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rightsOfSession(tech)).not.toContain('recover');
    const [a] = await audits('role.update');
    expect(JSON.parse(a?.details ?? '{}')).toMatchObject({ removed: ['recover'], added: [] });
  });

  it('refuses removing a role in use with how many users have it, then removes it once unused', async () => {
    const busy = await call(t.app, resa, { method: 'DELETE', url: `/api/roles/${technician}` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      '3 users have the role "Technician". Give each of them another role first, then remove it.',
    );
    const users = await t.dbh.db.selectFrom('users').select('id').where('role_id', '=', technician).execute();
    for (const u of users) {
      const res = await saveUser(resa, { id: u.id, name: 'Moved', role_id: 0 });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await audits('user.role')).length).toBe(users.length);
    const done = await call(t.app, resa, { method: 'DELETE', url: `/api/roles/${technician}` });
    expect(done.statusCode, done.body).toBe(200);
    expect((await audits('role.delete')).length).toBe(1);
    // Back on the built-in role, the technician holds every right of the level again.
    expect(await rightsOfSession(tech)).toContain('view_reports');
  });
});

describe('the audit log of a call made with a key', () => {
  it('names the key, on the page and in the CSV', async () => {
    const made = await call(t.app, resa, {
      method: 'POST',
      url: '/api/keys',
      payload: { name: 'Provisioning script', days: 30, readOnly: false, rights: ['manage_users'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { key, row } = made.json() as { key: string; row: { prefix: string } };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { authorization: `Bearer ${key}` },
      payload: { name: 'Made by a script', rights: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await call(t.app, resa, { method: 'GET', url: '/audit/get_audit_log?action=role.create' });
    const entry = log.json().content.find((r: { details: string }) => r.details.includes('Made by a script'));
    expect(entry).toMatchObject({ user: 'resa', apiKey: 'Provisioning script', apiKeyPrefix: row.prefix });
    const byBrowser = log.json().content.find((r: { details: string }) => r.details.includes('"Technician"'));
    expect(byBrowser).toMatchObject({ apiKey: null });
    const csv = await call(t.app, resa, {
      method: 'GET',
      url: '/audit/get_audit_log.csv?action=role.create',
    });
    expect(csv.body).toContain(`Provisioning script (${row.prefix}…)`);
  });
});
