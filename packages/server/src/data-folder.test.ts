import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDataFolder } from './data-folder';

// The data folder and the database are the console's owner's only (issue 24 section 8): a new
// one is created so, and one an older start left readable is tightened.

const mode = (p: string) => fs.statSync(p).mode & 0o777;
let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const configIn = (dataDir: string) => ({
  dataDir,
  ftpsDir: path.join(dataDir, 'ftps'),
  databaseUrl: path.join(dataDir, 'lifeboat.sqlite'),
});

describe('prepareDataFolder', () => {
  it('creates the data folder 0700 and the SQLite database 0600', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-data-'));
    const c = configIn(path.join(root, 'data'));
    prepareDataFolder(c);
    expect(mode(c.dataDir)).toBe(0o700);
    expect(mode(c.ftpsDir)).toBe(0o700);
    expect(mode(c.databaseUrl)).toBe(0o600);
  });

  it('tightens a data folder, database and export folder left readable by everyone', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-data-'));
    const c = configIn(path.join(root, 'data'));
    fs.mkdirSync(c.ftpsDir, { recursive: true, mode: 0o755 });
    fs.chmodSync(c.dataDir, 0o755);
    for (const f of [c.databaseUrl, `${c.databaseUrl}-wal`, `${c.databaseUrl}-shm`])
      fs.writeFileSync(f, '', { mode: 0o644 });
    prepareDataFolder(c);
    expect([mode(c.dataDir), mode(c.ftpsDir)]).toEqual([0o700, 0o700]);
    expect([c.databaseUrl, `${c.databaseUrl}-wal`, `${c.databaseUrl}-shm`].map(mode)).toEqual([
      0o600, 0o600, 0o600,
    ]);
  });

  it('leaves a PostgreSQL console without a database file', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-data-'));
    const c = { ...configIn(path.join(root, 'data')), databaseUrl: 'postgres://x@127.0.0.1/db' };
    prepareDataFolder(c);
    expect(fs.readdirSync(c.dataDir)).toEqual(['ftps']);
  });
});
