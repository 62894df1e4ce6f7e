import { describe, expect, it } from 'vitest';
import { readFile, readFileRange } from './file-content';
import { listDirectory, MAX_ENTRIES, statPath } from './file-tree';
import type { FileEntry, WorldSystem } from './types';

const RP = Date.UTC(2026, 2, 14, 9, 0, 0);
const DAY = 86_400_000;

const SYSTEMS: WorldSystem[] = [
  { seed: 123456, os_type: 'WINDOWS', device_type: 'server', hostname: 'FS01-ACME' },
  { seed: 99, os_type: 'WINDOWS', device_type: 'workstation', hostname: 'LT-JSMITH' },
  { seed: 777, os_type: 'LINUX', device_type: 'server', hostname: 'web01-acme' },
  { seed: 4242, os_type: 'MAC_OS_X', device_type: 'workstation', hostname: 'Jennifers-MacBook-Pro' },
  { seed: 5, os_type: 'NAS', device_type: 'nas', hostname: 'SYN01-ACME' },
];

const join = (dir: string, name: string) =>
  dir === '' || dir === '/' ? `${dir === '/' ? '/' : ''}${name}` : `${dir}/${name}`;

/** Walks the tree breadth-first, visiting at most `limit` folders. */
function walk(sys: WorldSystem, rp: number, limit = 60): Array<{ path: string; entry: FileEntry }> {
  const root = sys.os_type === 'WINDOWS' ? '' : '/';
  const queue = [root];
  const out: Array<{ path: string; entry: FileEntry }> = [];
  for (let visited = 0; queue.length > 0 && visited < limit; visited++) {
    const dir = queue.shift() as string;
    for (const entry of listDirectory(sys, rp, dir) ?? []) {
      const path = join(dir, entry.name);
      out.push({ path, entry });
      if (entry.type === 'folder') queue.push(path);
    }
  }
  return out;
}

describe.each(SYSTEMS)('file tree of $hostname', (sys) => {
  it('is the same every time and differs for another seed', () => {
    const a = walk(sys, RP, 25);
    expect(walk(sys, RP, 25)).toEqual(a);
    expect(walk({ ...sys, seed: sys.seed + 1 }, RP, 25)).not.toEqual(a);
  });

  it('shows nothing newer than the restore point, folders first, bounded', () => {
    for (const rp of [RP, RP - 200 * DAY]) {
      const seen = walk(sys, rp);
      expect(seen.length).toBeGreaterThan(10);
      for (const { path, entry } of seen) expect(entry.modifiedAt, path).toBeLessThanOrEqual(rp);
    }
    for (const dir of walk(sys, RP)
      .filter((e) => e.entry.type === 'folder')
      .map((e) => e.path)) {
      const entries = listDirectory(sys, RP, dir) ?? [];
      expect(entries.length).toBeLessThanOrEqual(MAX_ENTRIES);
      const firstFile = entries.findIndex((e) => e.type === 'file');
      if (firstFile >= 0) expect(entries.slice(firstFile).every((e) => e.type === 'file')).toBe(true);
    }
  });

  it("keeps an earlier point's files at a later point", () => {
    const earlier = walk(sys, RP - 30 * DAY).filter((e) => e.entry.type === 'file');
    const later = new Map(walk(sys, RP, 400).map((e) => [e.path, e.entry]));
    const kept = earlier.filter((e) => later.get(e.path)?.modifiedAt === e.entry.modifiedAt);
    // Logs are rewritten at every point; documents and system files stay.
    expect(kept.length / earlier.length).toBeGreaterThan(0.8);
  });

  it('reads files of exactly the listed size, the same bytes every time', () => {
    const files = walk(sys, RP).filter((e) => e.entry.type === 'file' && e.entry.size < 5_000_000);
    expect(files.length).toBeGreaterThan(3);
    for (const { path, entry } of files.slice(0, 25)) {
      const data = readFile(sys, RP, path);
      expect(data?.length, path).toBe(entry.size);
      expect(readFile(sys, RP, path)?.equals(data as Buffer)).toBe(true);
      const from = Math.floor(entry.size / 3);
      expect(
        readFileRange(sys, RP, path, from, from + 70_000)?.equals(
          (data as Buffer).subarray(from, from + 70_000),
        ),
      ).toBe(true);
    }
  });

  it('answers null for paths that are not there', () => {
    expect(listDirectory(sys, RP, '/no/such/folder')).toBeNull();
    expect(statPath(sys, RP, '/no/such/file.txt')).toBeNull();
    expect(readFile(sys, RP, '/no/such/file.txt')).toBeNull();
    const file = walk(sys, RP).find((e) => e.entry.type === 'file');
    expect(listDirectory(sys, RP, file?.path as string)).toBeNull();
    expect(statPath(sys, RP, file?.path as string)).toEqual(file?.entry);
  });
});

describe('machines that look real', () => {
  const [server, laptop, linux, mac, nas] = SYSTEMS as [
    WorldSystem,
    WorldSystem,
    WorldSystem,
    WorldSystem,
    WorldSystem,
  ];
  const names = (sys: WorldSystem, path: string) => (listDirectory(sys, RP, path) ?? []).map((e) => e.name);

  it('gives Windows drives, profiles and shares, with either slash and any case', () => {
    expect(names(server, '')).toEqual(['C:', 'D:']);
    expect(names(server, 'C:')).toEqual(
      expect.arrayContaining(['Program Files', 'ProgramData', 'Users', 'Windows']),
    );
    expect(names(laptop, 'C:\\Users')).toContain('John');
    expect(names(laptop, 'c:/users/john')).toEqual(
      expect.arrayContaining(['Desktop', 'Documents', 'Downloads', 'Pictures', 'AppData']),
    );
    expect(names(server, 'D:/Shares').length).toBeGreaterThan(2);
    const docs = listDirectory(laptop, RP, 'C:/Users/John/Documents') ?? [];
    expect(docs.some((e) => /\.(pdf|docx|xlsx)$/.test(e.name))).toBe(true);
  });

  it('gives Linux its configuration, homes, logs and web root', () => {
    expect(names(linux, '/')).toEqual(expect.arrayContaining(['etc', 'home', 'var', 'srv']));
    expect(readFile(linux, RP, '/etc/hostname')?.toString()).toBe('web01-acme\n');
    expect(names(linux, '/var')).toEqual(expect.arrayContaining(['log', 'www']));
    expect(statPath(linux, RP, '/ETC')).toBeNull();
  });

  it('gives macOS user folders and a NAS department shares', () => {
    expect(names(mac, '/Users')).toContain('jennifer');
    expect(names(mac, '/Users/jennifer')).toEqual(
      expect.arrayContaining(['Documents', 'Desktop', 'Downloads']),
    );
    expect(names(nas, '/shares')).toContain('Public');
  });

  it('writes text files as readable lines and binaries with their signature', () => {
    const docs = listDirectory(laptop, RP, 'C:/Users/John/Documents') ?? [];
    const pdf = docs.find((e) => e.name.endsWith('.pdf'));
    expect(readFile(laptop, RP, `C:/Users/John/Documents/${pdf?.name}`)?.subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    const log = readFile(linux, RP, '/var/log/syslog')?.toString() ?? '';
    expect(log.split('\n')[0]).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
