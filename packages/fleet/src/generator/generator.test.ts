import type { DbHandle } from '@lifeboat/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { generateFleet } from './index';
import { ID_TABLES } from './tables';
import { countOf, dumpTables, rowsOf, scratchDb } from './test-support';

// Determinism, explicit counts, refusal of a used database, and the same rows on PostgreSQL.

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const HASH = 'scrypt$test$hash';
const small = {
  resellers: 4,
  clients: 15,
  systems: 80,
  jobHistoryPerSystem: 20,
  restorePointsPerSystem: 5,
  autoverifyPerSystem: 1,
};

async function fleet(
  seed: number,
  size: Parameters<typeof generateFleet>[1]['size'] = 'demo',
  engine: 'sqlite' | 'postgres' = 'sqlite',
) {
  const dbh = await scratchDb(engine);
  const summary = await generateFleet(dbh, { seed, size, now: NOW, passwordHash: HASH });
  return { dbh, summary };
}

describe('generateFleet determinism', () => {
  let a: DbHandle;
  let b: DbHandle;
  let c: DbHandle;
  beforeAll(async () => {
    a = (await fleet(42)).dbh;
    b = (await fleet(42)).dbh;
    c = (await fleet(43)).dbh;
  });
  afterAll(async () => {
    for (const h of [a, b, c]) await h.close();
  });

  it('gives identical rows for the same seed and now', async () => {
    expect(await dumpTables(b)).toEqual(await dumpTables(a));
  });

  it('gives different rows for another seed', async () => {
    const [x, y] = [await dumpTables(a), await dumpTables(c)];
    expect(y.protected_systems).not.toEqual(x.protected_systems);
    expect(y.job_history).not.toEqual(x.job_history);
  });
});

describe('generateFleet with explicit counts', () => {
  let dbh: DbHandle;
  let rows: Record<string, number>;
  beforeAll(async () => {
    const out = await fleet(5, small);
    dbh = out.dbh;
    rows = out.summary.rows;
  });
  afterAll(() => dbh.close());

  it('builds exactly the requested resellers, clients and systems', async () => {
    expect(await countOf(dbh, "SELECT count(*) AS n FROM organisations WHERE kind = 'reseller'")).toBe(4);
    expect(await countOf(dbh, "SELECT count(*) AS n FROM organisations WHERE kind = 'client'")).toBe(15);
    expect(await countOf(dbh, 'SELECT count(*) AS n FROM protected_systems')).toBe(80);
    expect(rows.protected_systems).toBe(80);
  });

  it('keeps the five demo accounts so benchmarks can log in', async () => {
    const users = await rowsOf<{ username: string }>(dbh, 'SELECT username FROM users');
    const names = new Set(users.map((u) => u.username));
    for (const a of DEMO_ACCOUNTS) expect(names.has(a.username)).toBe(true);
  });

  it('refuses a database that already has organisations', async () => {
    await expect(generateFleet(dbh, { seed: 5, size: small, now: NOW, passwordHash: HASH })).rejects.toThrow(
      /already has organisations/,
    );
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('generateFleet on PostgreSQL', () => {
  let pgh: DbHandle;
  let lite: DbHandle;
  beforeAll(async () => {
    pgh = (await fleet(42, 'demo', 'postgres')).dbh;
    lite = (await fleet(42, 'demo', 'sqlite')).dbh;
  }, 120_000);
  afterAll(async () => {
    await pgh?.close();
    await lite?.close();
  });

  it('writes the same rows as on SQLite', async () => {
    expect(await dumpTables(pgh)).toEqual(await dumpTables(lite));
  });

  it('moves identity sequences past the generated ids', async () => {
    for (const table of ID_TABLES) {
      const max = await countOf(pgh, `SELECT COALESCE(MAX(id), 0) AS n FROM "${table}"`);
      const { rows } = await sql<{
        n: number;
      }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS n`.execute(pgh.db);
      expect(Number(rows[0]?.n)).toBeGreaterThan(max);
    }
  });
});
