import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Real restic repositories for tests, made by the `restic` command in a temporary folder: each
// backup is a snapshot of a small file tree, at a chosen time and host.

export interface TestRepo {
  root: string;
  location: string;
  password: string;
  /** A snapshot of `host` taken at `at` (epoch ms); answers its id. */
  backup(host: string, at: number, opts?: { tag?: string; files?: Record<string, string> }): string;
  forget(id: string): void;
  restic(args: string[]): string;
  remove(): void;
}

const stamp = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 19);

export function makeTestRepo(prefix = 'lifeboat-sync-'): TestRepo {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const location = path.join(root, 'repo');
  const password = 'a repository password';
  const env = {
    ...process.env,
    TZ: 'UTC',
    RESTIC_PASSWORD: password,
    RESTIC_CACHE_DIR: path.join(root, 'cache'),
  };
  const restic = (args: string[]) =>
    execFileSync('restic', ['--repo', location, ...args], { env, encoding: 'utf8' });
  restic(['init', '--quiet']);
  let n = 0;
  return {
    root,
    location,
    password,
    restic,
    backup(host, at, opts = {}) {
      const tree = path.join(root, 'trees', `${host}-${n++}`);
      for (const [rel, text] of Object.entries(
        opts.files ?? { 'Documents/notes.txt': `${host} at ${at}\n` },
      )) {
        fs.mkdirSync(path.dirname(path.join(tree, rel)), { recursive: true });
        fs.writeFileSync(path.join(tree, rel), text);
      }
      const tag = opts.tag ? ['--tag', opts.tag] : [];
      const out = restic(['backup', '--json', '--host', host, '--time', stamp(at), ...tag, tree]);
      const summary = out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { message_type?: string; snapshot_id?: string })
        .find((m) => m.message_type === 'summary');
      if (!summary?.snapshot_id) throw new Error('restic backup gave no snapshot id');
      return summary.snapshot_id;
    },
    forget(id) {
      restic(['forget', '--prune', '--quiet', id]);
    },
    remove() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
