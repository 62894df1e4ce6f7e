import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFolder } from './browse';
import { checkRepository } from './check';
import { type Repository, ResticError } from './cli';
import { dump } from './dump';
import { checkLocation, LocationError } from './location';
import { bySystem, openRepository, toSnapshot } from './snapshots';
import { contentsOf } from './sync';

// The restic adapter on real repositories made here by the `restic` command (Debian's restic),
// read back by tools we did not write (python3's zipfile, tar).

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-restic-'));
const PASSWORD = 'correct horse battery staple';
const repo: Repository = {
  location: path.join(root, 'repo'),
  password: PASSWORD,
  cacheDir: path.join(root, 'cache'),
};
const src = path.join(root, 'office');
const files: Record<string, Buffer> = {
  'Documents/invoice-2026-11.txt': Buffer.from('Invoice 2026-11: 3 hours of support\n'),
  'Documents/Contracts/lease.bin': crypto.randomBytes(300_000),
  'Pictures/logo.bin': crypto.randomBytes(5_000),
};

function backup(args: string[], cwd = root): void {
  execFileSync('restic', ['--repo', repo.location, 'backup', '--quiet', ...args], {
    cwd,
    env: { ...process.env, RESTIC_PASSWORD: PASSWORD, RESTIC_CACHE_DIR: repo.cacheDir },
  });
}

beforeAll(() => {
  for (const [rel, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, rel)), { recursive: true });
    fs.writeFileSync(path.join(src, rel), bytes);
  }
  execFileSync('restic', ['--repo', repo.location, 'init', '--quiet'], {
    env: { ...process.env, RESTIC_PASSWORD: PASSWORD },
  });
  backup(['--host', 'RECEPTION-PC', src]);
  fs.appendFileSync(path.join(src, 'Documents/invoice-2026-11.txt'), 'Paid.\n');
  files['Documents/invoice-2026-11.txt'] = fs.readFileSync(path.join(src, 'Documents/invoice-2026-11.txt'));
  backup(['--host', 'RECEPTION-PC', src]);
  // One host backing up a second system, named by its tag.
  backup(['--host', 'RECEPTION-PC', '--tag', 'lifeboat-system=FILESERVER', path.join(src, 'Pictures')]);
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('reading a repository', () => {
  it('lists its snapshots as restore points of systems named by host or tag', async () => {
    const snapshots = await openRepository(repo);
    expect(snapshots).toHaveLength(3);
    const systems = bySystem(snapshots);
    expect([...systems.keys()].sort()).toEqual(['FILESERVER', 'RECEPTION-PC']);
    expect(systems.get('RECEPTION-PC')?.length).toBe(2);
    const [first, second] = systems.get('RECEPTION-PC') ?? [];
    expect(first && second && first.takenAt <= second.takenAt).toBe(true);
    expect(first?.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists one folder of a snapshot with sizes and dates', async () => {
    const latest = (await openRepository(repo)).filter((s) => s.system === 'RECEPTION-PC').at(-1);
    const folder = `${src}/Documents`;
    const entries = await listFolder(repo, latest?.id ?? '', folder);
    expect(entries.map((e) => [e.name, e.type])).toEqual([
      ['Contracts', 'dir'],
      ['invoice-2026-11.txt', 'file'],
    ]);
    const invoice = entries.find((e) => e.name === 'invoice-2026-11.txt');
    expect(invoice?.size).toBe(files['Documents/invoice-2026-11.txt']?.length);
    expect(invoice?.modifiedAt).toBeGreaterThan(Date.now() - 3_600_000);
  });
});

async function collect(d: ReturnType<typeof dump>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of d.stream) chunks.push(c as Buffer);
  await d.done;
  return Buffer.concat(chunks);
}

describe('restoring from a snapshot', () => {
  it('streams one file byte for byte', async () => {
    const latest = (await openRepository(repo)).filter((s) => s.system === 'RECEPTION-PC').at(-1);
    const got = await collect(dump(repo, latest?.id ?? '', `${src}/Documents/Contracts/lease.bin`));
    expect(got.equals(files['Documents/Contracts/lease.bin'] as Buffer)).toBe(true);
  });

  it.each(['zip', 'tar'] as const)(
    'streams a folder as a %s that an independent reader opens',
    async (format) => {
      const latest = (await openRepository(repo)).filter((s) => s.system === 'RECEPTION-PC').at(-1);
      const archive = path.join(root, `documents.${format}`);
      fs.writeFileSync(archive, await collect(dump(repo, latest?.id ?? '', `${src}/Documents`, format)));
      const out = path.join(root, `out-${format}`);
      fs.mkdirSync(out);
      if (format === 'zip') {
        execFileSync('python3', [
          '-c',
          'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; z.extractall(sys.argv[2])',
          archive,
          out,
        ]);
      } else {
        execFileSync('tar', ['-xf', archive, '-C', out]);
      }
      for (const rel of ['Documents/invoice-2026-11.txt', 'Documents/Contracts/lease.bin']) {
        const found = execFileSync('find', [out, '-path', `*/${rel}`], { encoding: 'utf8' }).trim();
        expect(found, rel).not.toBe('');
        expect(fs.readFileSync(found).equals(files[rel] as Buffer), rel).toBe(true);
      }
    },
  );
});

describe('checking a repository', () => {
  it('passes a sound repository and reads back the share of data asked for', async () => {
    expect(await checkRepository(repo, 100)).toEqual({
      ok: true,
      summary: 'The repository is sound: its structure and 100% of its data were read back without error.',
    });
  });

  it('finds a damaged pack file', async () => {
    const copy = { ...repo, location: path.join(root, 'damaged') };
    fs.cpSync(repo.location, copy.location, { recursive: true });
    const packs = execFileSync('find', [path.join(copy.location, 'data'), '-type', 'f'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const biggest = packs.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0] as string;
    const bytes = fs.readFileSync(biggest);
    bytes.fill(0, 100, 5000);
    fs.writeFileSync(biggest, bytes);
    expect((await checkRepository(copy, 100)).ok).toBe(false);
  }, 60_000);
});

describe('failures say what is wrong', () => {
  const failure = (r: Repository) =>
    openRepository(r).then(
      () => null,
      (err: unknown) => (err instanceof ResticError ? [err.failure, err.message] : err),
    );

  it('a wrong password', async () => {
    expect(await failure({ ...repo, password: 'wrong' })).toEqual([
      'wrong_password',
      'The repository refused the password: check it and try again.',
    ]);
  });

  it('a missing folder, and a folder without a repository', async () => {
    expect(await failure({ ...repo, location: path.join(root, 'gone') })).toEqual([
      'not_found',
      'There is no repository at this location.',
    ]);
    expect(await failure({ ...repo, location: src })).toEqual([
      'not_a_repository',
      'This folder is not a restic repository.',
    ]);
  });

  it('restic not installed', async () => {
    const saved = process.env.PATH;
    process.env.PATH = path.join(root, 'no-bin');
    try {
      expect((await failure(repo)) as string[]).toEqual([
        'not_installed',
        'restic is not installed on the console’s server: its operator installs it with apt-get install restic.',
      ]);
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe('where a repository may be', () => {
  const policy = { roots: [root], allowRemote: false };
  const refusal = (loc: string, p = policy) => {
    try {
      checkLocation(loc, p);
      return null;
    } catch (err) {
      return err instanceof LocationError ? err.message : err;
    }
  };

  it('accepts a folder under a root, and a remote one only where allowed', () => {
    expect(checkLocation(` ${repo.location} `, policy)).toBe(repo.location);
    expect(checkLocation('s3:s3.amazonaws.com/bucket', { ...policy, allowRemote: true })).toBe(
      's3:s3.amazonaws.com/bucket',
    );
    expect(refusal('s3:s3.amazonaws.com/bucket')).toMatch(/remote locations .* are turned off/);
    expect(refusal('rest:https://ops:secret@backup.example.com/', { ...policy, allowRemote: true })).toMatch(
      /user name and password in the extra settings/,
    );
  });

  it.each([
    ['-o', /cannot start with "-"/],
    ['--password-command=sh -c id', /cannot start with "-"/],
    ['/etc/restic', /must be inside/],
    [`${root}/../etc`, /cannot contain "\.\."/],
    [`${root}/a\u0000b`, /character that cannot be part of a path/],
    ['x'.repeat(100_000), /at most 1024 characters/],
    ['relative/repo', /full path/],
    ['ftp://host/repo', /folder path on the console/],
    ['', /Enter where the repository is/],
  ])('refuses %j', (loc, why) => {
    expect(refusal(loc)).toMatch(why);
  });

  it('refuses a link under a root that leads outside it', () => {
    const link = path.join(root, 'escape');
    fs.symlinkSync('/etc', link);
    expect(refusal(link)).toMatch(/must be inside/);
  });
});

describe('sizes and file counts of a snapshot', () => {
  it('are read from restic 0.17’s summary where restic gives one, and are unknown otherwise', () => {
    const raw = {
      id: 'a'.repeat(64),
      time: '2026-11-19T22:00:00Z',
      hostname: 'NAS-01',
      paths: ['C:\\Users'],
      summary: {
        backup_end: '2026-11-19T22:12:00Z',
        total_bytes_processed: 5_000,
        total_files_processed: 12,
      },
    };
    const withSummary = toSnapshot(raw);
    const without = toSnapshot({ ...raw, id: 'b'.repeat(64), summary: undefined });
    expect(contentsOf([withSummary, without].filter((s) => s !== null))).toEqual({
      systems: [
        {
          name: 'NAS-01',
          osType: 'WINDOWS',
          points: [
            {
              externalId: 'a'.repeat(64),
              takenAt: Date.UTC(2026, 10, 19, 22),
              endedAt: Date.UTC(2026, 10, 19, 22, 12),
              sizeBytes: 5_000,
              files: 12,
            },
            {
              externalId: 'b'.repeat(64),
              takenAt: Date.UTC(2026, 10, 19, 22),
              endedAt: null,
              sizeBytes: 0,
              files: null,
            },
          ],
        },
      ],
    });
  });
});
