import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername, toActor } from '../areas/session/repository';
import { buildWorld, type World } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import type { Actor } from './actor';
import { findInScope, findOrgInScope, inScope, parseId } from './scope';

let t: TestApp;
let w: World;
const actors: Record<string, Actor> = {};
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  for (const name of ['staff', 'dist', 'resa', 'resb', 'clia1', 'clib1']) {
    const u = await findUserByUsername(t.dbh.db, name);
    actors[name] = toActor(u!, 0);
  }
});
afterAll(() => t.close());

const visibleSystems = async (a: Actor) =>
  (
    await t.dbh.db
      .selectFrom('protected_systems')
      .select('id')
      .where(inScope(a, 'protected_systems'))
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

describe('scope of protected systems', () => {
  it('gives the provider staff and the distributor every system below them', async () => {
    const all = [w.systemA1, w.systemA2, w.systemB1].sort((a, b) => a - b);
    expect(await visibleSystems(actors.staff!)).toEqual(all);
    expect(await visibleSystems(actors.dist!)).toEqual(all);
  });
  it('gives a reseller only its own clients\u2019 systems', async () => {
    expect(await visibleSystems(actors.resa!)).toEqual([w.systemA1, w.systemA2]);
    expect(await visibleSystems(actors.resb!)).toEqual([w.systemB1]);
  });
  it('gives a client user only its own organisation\u2019s systems', async () => {
    expect(await visibleSystems(actors.clia1!)).toEqual([w.systemA1]);
  });
  it('answers not found for a row outside the scope, as if it did not exist', async () => {
    await expect(
      findInScope(t.dbh.db, actors.resa!, 'protected_systems', w.systemB1, 'This protected system'),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      findInScope(t.dbh.db, actors.clia1!, 'protected_systems', w.systemA2, 'This protected system'),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      findInScope(t.dbh.db, actors.resa!, 'appliances', w.applianceB1, 'This appliance'),
    ).rejects.toMatchObject({ status: 404 });
    const own = await findInScope(
      t.dbh.db,
      actors.resa!,
      'protected_systems',
      w.systemA1,
      'This protected system',
    );
    expect(own.name).toBe('FS01-A1');
  });
});

describe('scope of organisations', () => {
  it('lets a reseller see itself and its clients only', async () => {
    await expect(findOrgInScope(t.dbh.db, actors.resa!, w.clientA2)).resolves.toMatchObject({
      id: w.clientA2,
    });
    await expect(findOrgInScope(t.dbh.db, actors.resa!, w.resellerA)).resolves.toMatchObject({
      id: w.resellerA,
    });
    await expect(findOrgInScope(t.dbh.db, actors.resa!, w.clientB1)).rejects.toMatchObject({ status: 404 });
    await expect(findOrgInScope(t.dbh.db, actors.resa!, w.resellerB)).rejects.toMatchObject({ status: 404 });
    await expect(findOrgInScope(t.dbh.db, actors.resa!, w.distributor)).rejects.toMatchObject({
      status: 404,
    });
  });
  it('lets a client user see only its own organisation', async () => {
    await expect(findOrgInScope(t.dbh.db, actors.clia1!, w.clientA1)).resolves.toMatchObject({
      id: w.clientA1,
    });
    await expect(findOrgInScope(t.dbh.db, actors.clia1!, w.clientA2)).rejects.toMatchObject({ status: 404 });
  });
  it('lets the distributor see its resellers and their clients, and staff everything', async () => {
    await expect(findOrgInScope(t.dbh.db, actors.dist!, w.clientB1)).resolves.toMatchObject({
      id: w.clientB1,
    });
    await expect(findOrgInScope(t.dbh.db, actors.dist!, w.provider)).rejects.toMatchObject({ status: 404 });
    await expect(findOrgInScope(t.dbh.db, actors.staff!, w.provider)).resolves.toMatchObject({
      id: w.provider,
    });
  });
});

describe('parseId', () => {
  it('treats anything but a positive integer as not found', () => {
    for (const bad of ['0', '-1', 'abc', '1e3', '', '9'.repeat(20), '1.5'])
      expect(() => parseId(bad, 'X')).toThrow('X was not found.');
    expect(parseId('42', 'X')).toBe(42);
  });
});
