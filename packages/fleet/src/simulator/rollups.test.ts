import { type DbHandle, openTestDb, type TestDb } from '@lifeboat/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet } from '../generator/index';
import { advanceFleet } from './advance';

// The rollups of migration 008 are kept by triggers: after the generator and after the living
// fleet's writes they must equal a recount from the systems themselves.

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
let tdb: TestDb;

beforeAll(async () => {
  tdb = await openTestDb('rollup_test');
  await generateFleet(tdb.dbh, { seed: 42, size: 'demo', now: NOW });
}, 60_000);
afterAll(() => tdb.close());

const COUNTS =
  "count(*) as systems, sum(case when ps.device_type = 'server' then 1 else 0 end) as servers, " +
  "sum(case when ps.health_status = 'TROUBLED' then 1 else 0 end) as h_troubled, " +
  "sum(case when ps.health_status = 'NORMAL' then 1 else 0 end) as h_normal, sum(ps.cloud_used_bytes) as cloud_used_bytes";
const KEPT = 'systems, servers, h_troubled, h_normal, cloud_used_bytes';

async function rows(dbh: DbHandle, query: string) {
  const r = await sql.raw<Record<string, unknown>>(query).execute(dbh.db);
  return r.rows.map((x) => Object.fromEntries(Object.entries(x).map(([k, v]) => [k, Number(v)])));
}

async function expectInStep(dbh: DbHandle) {
  expect(
    await rows(dbh, `select client_id, ${KEPT} from client_rollups where systems > 0 order by client_id`),
  ).toEqual(
    await rows(
      dbh,
      `select ps.client_id, ${COUNTS} from protected_systems ps group by ps.client_id order by ps.client_id`,
    ),
  );
  expect(
    await rows(
      dbh,
      `select appliance_id, ${KEPT} from appliance_rollups where systems > 0 order by appliance_id`,
    ),
  ).toEqual(
    await rows(
      dbh,
      `select ps.appliance_id, ${COUNTS} from protected_systems ps where ps.appliance_id is not null group by ps.appliance_id order by ps.appliance_id`,
    ),
  );
  expect(
    await rows(
      dbh,
      `select client_id, vault_id, ${KEPT} from client_vault_rollups where systems > 0 order by client_id, vault_id`,
    ),
  ).toEqual(
    await rows(
      dbh,
      `select ps.client_id, sv.vault_id, ${COUNTS} from protected_systems ps join system_vaults sv on sv.system_id = ps.id group by ps.client_id, sv.vault_id order by ps.client_id, sv.vault_id`,
    ),
  );
}

describe('rollups', () => {
  it('are filled by the generator', async () => {
    await expectInStep(tdb.dbh);
  });

  it('follow the living fleet, moves, vault links and deletes', async () => {
    await advanceFleet(tdb.dbh, NOW + 6 * 3_600_000, { batchSize: 500 });
    await expectInStep(tdb.dbh);
    const db = tdb.dbh.db;
    const [a, b] = await db
      .selectFrom('protected_systems')
      .select(['id', 'client_id'])
      .orderBy('id')
      .limit(2)
      .execute();
    if (!a || !b) throw new Error('no systems');
    await db
      .updateTable('protected_systems')
      .set({ health_status: 'TROUBLED', device_type: 'nas' })
      .where('id', '=', a.id)
      .execute();
    await db
      .updateTable('protected_systems')
      .set({ client_id: b.client_id })
      .where('id', '=', a.id)
      .execute();
    const vault = await db.selectFrom('vaults').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.deleteFrom('system_vaults').where('system_id', '=', b.id).execute();
    await db.insertInto('system_vaults').values({ system_id: b.id, vault_id: vault.id }).execute();
    await expectInStep(tdb.dbh);
    await db.deleteFrom('protected_systems').where('id', '=', a.id).execute();
    await expectInStep(tdb.dbh);
  });
});
