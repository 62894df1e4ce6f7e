import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

// The data folder holds the database, the secret key, the TLS key and clients' exported files:
// no other local account may read it (docs/decisions.md 'The data folder'). It is created, or
// tightened when an older start left it open, as 0700; the SQLite database as 0600 (SQLite gives
// its -wal and -shm files the database file's mode). Files made later get their modes where
// they are made (the FTPS exports: materialize.ts), and the console runs with umask 077.

export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

const isFile = (url: string) => !/^postgres/.test(url) && url !== ':memory:';

export function prepareDataFolder(config: Pick<Config, 'dataDir' | 'ftpsDir' | 'databaseUrl'>): void {
  for (const dir of [config.dataDir, config.ftpsDir]) {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
    fs.chmodSync(dir, PRIVATE_FOLDER);
  }
  if (isFile(config.databaseUrl)) {
    const db = path.resolve(config.databaseUrl);
    fs.mkdirSync(path.dirname(db), { recursive: true, mode: PRIVATE_FOLDER });
    fs.closeSync(fs.openSync(db, 'a', PRIVATE_FILE));
    for (const f of [db, `${db}-wal`, `${db}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, PRIVATE_FILE);
  }
}
