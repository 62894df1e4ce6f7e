import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDb } from './connection';

// Several processes on one SQLite file (LIFEBOAT_PROCESSES): a transaction that reads, then writes
// after another process has written, must wait for its turn, not fail with SQLITE_BUSY.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-sqlite-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Another process writing one row through better-sqlite3, waiting for the lock up to 10 s. */
function writeFromAnotherProcess(file: string) {
  const code = `
    const SQLite = require('better-sqlite3');
    const db = new SQLite(${JSON.stringify(file)});
    db.pragma('busy_timeout = 10000');
    db.prepare("insert into t (who) values ('other')").run();
    process.stdout.write('wrote');
  `;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.dirname(require.resolve('better-sqlite3/package.json')),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const wrote = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, out, err })),
  );
  return { wrote, exited };
}

it('a transaction that reads then writes waits for another process’s write instead of failing', async () => {
  const file = path.join(dir, 'two-processes.sqlite');
  const dbh = await openDb({ url: file });
  try {
    await sql`create table t (id integer primary key, who text not null)`.execute(dbh.db);
    let other: ReturnType<typeof writeFromAnotherProcess> | null = null;
    await dbh.db.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
      expect(before.rows[0]?.n).toBe(0);
      // The other process writes meanwhile (or waits for this transaction, which holds the lock).
      other = writeFromAnotherProcess(file);
      await Promise.race([other.wrote, new Promise((r) => setTimeout(r, 2000))]);
      await sql`insert into t (who) values ('this')`.execute(trx);
    });
    const done = await (other as unknown as ReturnType<typeof writeFromAnotherProcess>).exited;
    expect(done, done.err).toMatchObject({ code: 0, out: 'wrote' });
    const rows = await sql<{ who: string }>`select who from t order by id`.execute(dbh.db);
    expect(rows.rows.map((r) => r.who)).toEqual(['this', 'other']);
  } finally {
    await dbh.close();
  }
}, 30_000);
