import { openTestDb, type TestDb } from '@lifeboat/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advanceFleet } from './advance';
import { FaultPlan, parseFaults } from './faults';
import { outageLength } from './outages';
import { type TinyFleet, tinyFleet } from './test-fleet';

// Issue 18.8: the living fleet takes an appliance offline and back, and records the period.

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
let tdb: TestDb;
let fleet: TinyFleet;

beforeEach(async () => {
  tdb = await openTestDb('sim_test');
  fleet = await tinyFleet(tdb.dbh.db, NOW);
  await tdb.dbh.db.updateTable('appliances').set({ online: 1 }).where('id', '=', fleet.applianceId).execute();
});
afterEach(() => tdb.close());

const db = () => tdb.dbh.db;
const online = async () =>
  Number(
    (
      await db()
        .selectFrom('appliances')
        .select('online')
        .where('id', '=', fleet.applianceId)
        .executeTakeFirstOrThrow()
    ).online,
  );
const periods = () =>
  db()
    .selectFrom('appliance_offline_periods')
    .select(['appliance_id', 'reseller_id', 'client_id', 'started_at', 'ended_at'])
    .orderBy('started_at')
    .execute();

describe('the living fleet: appliance outages', () => {
  it('takes a struck appliance offline, records the period, and brings it back after the outage', async () => {
    const faults = new FaultPlan(parseFaults(`appliance_outage@appliance:${fleet.applianceId}`));
    await advanceFleet(tdb.dbh, NOW, { faults });
    expect(await online()).toBe(0);
    expect(await periods()).toEqual([
      {
        appliance_id: fleet.applianceId,
        reseller_id: fleet.resellerId,
        client_id: fleet.clientId,
        started_at: NOW,
        ended_at: null,
      },
    ]);
    const length = outageLength(fleet.applianceId, NOW);
    expect(length).toBeGreaterThanOrEqual(15 * 60_000);
    expect(length).toBeLessThanOrEqual(180 * 60_000);

    // Still inside the outage: nothing changes, and an offline appliance is not struck again.
    await advanceFleet(tdb.dbh, NOW + length - 1, { faults });
    expect(await online()).toBe(0);
    expect(await periods()).toHaveLength(1);

    // Without the fault, the tick after the planned end brings it back and closes the period.
    await advanceFleet(tdb.dbh, NOW + length + 60_000);
    expect(await online()).toBe(1);
    expect((await periods())[0]?.ended_at).toBe(NOW + length);
    // Running the same tick again writes nothing twice.
    await advanceFleet(tdb.dbh, NOW + length + 60_000);
    expect(await periods()).toHaveLength(1);
  });

  it('leaves an appliance alone without the fault, and never brings back an outage with no planned end', async () => {
    await advanceFleet(tdb.dbh, NOW);
    expect(await online()).toBe(1);
    expect(await periods()).toEqual([]);

    await db().updateTable('appliances').set({ online: 0 }).where('id', '=', fleet.applianceId).execute();
    await db()
      .insertInto('appliance_offline_periods')
      .values({
        reseller_id: fleet.resellerId,
        client_id: fleet.clientId,
        appliance_id: fleet.applianceId,
        started_at: NOW - 86_400_000,
        ended_at: null,
        planned_end_at: null,
      })
      .execute();
    await advanceFleet(tdb.dbh, NOW + 7 * 86_400_000);
    expect(await online()).toBe(0);
    expect((await periods())[0]?.ended_at).toBeNull();
  });
});
