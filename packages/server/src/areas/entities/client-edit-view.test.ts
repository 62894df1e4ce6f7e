import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// GET /client/load_edit_view/{clientId}/{resellerId}: the client edit dialog's data (spec:
// dashboard-device-azure 7, `/client/load_edit_view/0/{resellerId}` for a new client).

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  await t.dbh.db.updateTable('organisations').set({ can_create_client: 1 }).execute();
  for (const u of ['staff', 'dist', 'resa', 'resb', 'clia1']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const view = (who: string, clientId: number, resellerId: number) =>
  call(t.app, s[who]!, { method: 'GET', url: `/client/load_edit_view/${clientId}/${resellerId}` });

describe('GET /client/load_edit_view/{clientId}/{resellerId}', () => {
  it('answers a new client of the reseller for client 0', async () => {
    for (const who of ['resa', 'dist', 'staff']) {
      const res = await view(who, 0, w.resellerA);
      expect(res.statusCode, who).toBe(200);
      expect(res.json()).toEqual({
        title: 'Add client',
        submit_label: 'Add client',
        client: { id: null, name: '', email: '' },
        reseller: { id: w.resellerA, name: 'Reseller A' },
        save_url: 'api/v1/object/client/save',
      });
    }
  });

  it('answers a client to edit with its stored fields', async () => {
    const res = await view('resa', w.clientA1, w.resellerA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Edit client',
      submit_label: 'Save changes',
      client: { id: w.clientA1, name: 'Client A1' },
      reseller: { id: w.resellerA },
    });
  });

  it('answers 404 for another tenant, a client of another reseller or a bad id', async () => {
    expect((await view('resb', 0, w.resellerA)).statusCode).toBe(404);
    expect((await view('resb', w.clientA1, w.resellerB)).statusCode).toBe(404);
    expect((await view('staff', w.clientB1, w.resellerA)).statusCode).toBe(404);
    // A client user does not see its reseller.
    expect((await view('clia1', 0, w.resellerA)).statusCode).toBe(404);
    expect(
      (await call(t.app, s.resa!, { method: 'GET', url: `/client/load_edit_view/x/${w.resellerA}` }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 403 with a sentence when the reseller may not add clients', async () => {
    await t.dbh.db
      .updateTable('organisations')
      .set({ can_create_client: 0 })
      .where('id', '=', w.resellerA)
      .execute();
    const res = await view('resa', 0, w.resellerA);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Reseller A is not allowed to create clients.');
    // Editing stays possible.
    expect((await view('resa', w.clientA1, w.resellerA)).statusCode).toBe(200);
    await t.dbh.db
      .updateTable('organisations')
      .set({ can_create_client: 1 })
      .where('id', '=', w.resellerA)
      .execute();
  });
});
