import {
  FabricError,
  type FilesPort,
  type PointDiskImage,
  type RecoveryEntry,
  type RestorePointRef,
} from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { unscoped } from '../../scope';
import { openSourceSecret } from '../secret';
import { toEntry } from './browse';
import { type Repository, ResticError, resticJsonLines } from './cli';
import { dump } from './dump';
import { checkLocation, LocationError, type LocationPolicy } from './location';
import { tarFiles } from './tar-entries';

// restic as the files port (issue 25.5): the file browser, the downloads and the FTPS exports of
// a restic system read its snapshots here. The first browse of a snapshot reads its whole tree
// with one `restic ls` into the console's database (migration 080; every restic call costs 0.3 to
// 0.6 s); every folder after that is one indexed read. File content is streamed from `restic
// dump` (never a temporary copy, never a whole file in memory). restic has no network share of a
// snapshot the console could expose to a standard client: see docs/decisions.md.

export interface ResticFilesOptions {
  dbh: DbHandle;
  secretKey: string | null;
  policy: LocationPolicy;
  cacheDir?: string;
}

const WHY = 'the restic files port reads the snapshot of a point its caller loaded in scope';

/** What the console says when the snapshot behind a restore point is no longer in the repository. */
export const SNAPSHOT_GONE =
  'This restore point is no longer in the restic repository: it was removed from it (restic forget). Choose a newer restore point.';
const NO_SHARE =
  'A restic restore point cannot be opened as a network share: download its files or export them by FTPS instead.';

/** *.img and *.raw files: the raw disk images a virtual disk export converts (`--stdin` ones too). */
const IMAGE = /\.(img|raw)$/i;

type Entry = RecoveryEntry;

interface Tree {
  folders: Map<string, Entry[]>;
  images: PointDiskImage[];
}

const parentOf = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';

/** The folders of a snapshot from `restic ls` of all of it (restic lists every node with its path). */
export function treeOf(lines: readonly unknown[]): Tree {
  const folders = new Map<string, Entry[]>([['/', []]]);
  const images: PointDiskImage[] = [];
  for (const line of lines) {
    const e = toEntry(line as Parameters<typeof toEntry>[0]);
    // Symbolic links and devices have no bytes to restore: they are left out.
    if (!e || (e.type !== 'file' && e.type !== 'dir') || e.path === '/') continue;
    const type = e.type === 'dir' ? 'folder' : 'file';
    if (type === 'folder' && !folders.has(e.path)) folders.set(e.path, []);
    const parent = parentOf(e.path);
    const list = folders.get(parent) ?? [];
    list.push({ name: e.name, type, size: type === 'file' ? e.size : 0, modifiedAt: e.modifiedAt });
    folders.set(parent, list);
    if (type === 'file' && IMAGE.test(e.name) && e.size > 0) images.push({ path: e.path, size: e.size });
  }
  for (const list of folders.values())
    list.sort(
      (a, b) => Number(b.type === 'folder') - Number(a.type === 'folder') || a.name.localeCompare(b.name),
    );
  return { folders, images };
}

/** "" and "/x/" as the tree's keys ("/", "/x"); Windows-style separators as restic's. */
export function folderKey(path: string): string {
  const p = path
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  if (p === '') return '/';
  return p.startsWith('/') ? p : `/${p}`;
}

const CHUNK = 200;

export type ResticFiles = Omit<FilesPort, 'diskImages'> & {
  /** The point's repository and snapshot, or a FabricError saying what is wrong. */
  open(point: RestorePointRef): Promise<{ repo: Repository; snapshot: string }>;
  diskImages(point: RestorePointRef): Promise<PointDiskImage[]>;
};

export function createResticFiles(opts: ResticFilesOptions): ResticFiles {
  const db = () => unscoped(opts.dbh.db, WHY);
  const reading = new Map<number, Promise<void>>();

  const failure = (err: unknown): never => {
    if (err instanceof ResticError) {
      if (/no matching ID found|unable to load snapshot|no snapshot/i.test(err.detail))
        throw new FabricError('FAILED', SNAPSHOT_GONE);
      throw new FabricError('FAILED', err.message);
    }
    if (err instanceof LocationError) throw new FabricError('FAILED', err.message);
    throw err;
  };

  async function open(point: RestorePointRef) {
    const row = await db()
      .selectFrom('restore_points as p')
      .innerJoin('protected_systems as s', 's.id', 'p.system_id')
      .innerJoin('backup_sources as b', 'b.id', 's.source_id')
      .select(['p.external_id', 'b.location', 'b.secret_sealed'])
      .where('p.id', '=', point.restorePointId)
      .where('p.system_id', '=', point.systemId)
      .executeTakeFirst();
    // The sync removed it: restic forgot the snapshot.
    if (!row?.external_id) throw new FabricError('FAILED', SNAPSHOT_GONE);
    try {
      const secret = openSourceSecret(opts.secretKey, row.secret_sealed);
      return {
        repo: {
          location: checkLocation(row.location, opts.policy),
          password: secret.password,
          env: secret.env,
          cacheDir: opts.cacheDir,
        },
        snapshot: row.external_id,
      };
    } catch (err) {
      return failure(err);
    }
  }

  /** Reads the snapshot's tree into the database once (one read at a time per point). */
  async function readTree(point: RestorePointRef): Promise<void> {
    const id = point.restorePointId;
    const done = await db()
      .selectFrom('restic_trees')
      .select('restore_point_id')
      .where('restore_point_id', '=', id)
      .executeTakeFirst();
    if (done) return;
    const running = reading.get(id);
    if (running) return running;
    const work = (async () => {
      const { repo, snapshot } = await open(point);
      const lines = await resticJsonLines(repo, ['ls', '--no-lock', snapshot]).catch(failure);
      const tree = treeOf(lines);
      const rows = [...tree.folders].map(([folder, entries]) => ({
        restore_point_id: id,
        system_id: point.systemId,
        folder,
        entries: JSON.stringify(entries),
      }));
      await opts.dbh.db.transaction().execute(async (trx) => {
        const t = unscoped(trx, WHY);
        // Another instance of the console may have read it meanwhile: its rows are the same.
        const again = await t
          .selectFrom('restic_trees')
          .select('restore_point_id')
          .where('restore_point_id', '=', id)
          .executeTakeFirst();
        if (again) return;
        await t.deleteFrom('restic_tree_folders').where('restore_point_id', '=', id).execute();
        for (let i = 0; i < rows.length; i += CHUNK)
          await t
            .insertInto('restic_tree_folders')
            .values(rows.slice(i, i + CHUNK))
            .execute();
        await t
          .insertInto('restic_trees')
          .values({
            restore_point_id: id,
            system_id: point.systemId,
            images: JSON.stringify(tree.images),
            read_at: Date.now(),
          })
          .execute();
      });
    })().finally(() => reading.delete(id));
    reading.set(id, work);
    return work;
  }

  async function listFiles(point: RestorePointRef, path: string): Promise<Entry[] | null> {
    // The point first: a forgotten snapshot says so even where its tree is still kept.
    await open(point);
    await readTree(point);
    const row = await db()
      .selectFrom('restic_tree_folders')
      .select('entries')
      .where('restore_point_id', '=', point.restorePointId)
      .where('folder', '=', folderKey(path))
      .executeTakeFirst();
    return row ? (JSON.parse(row.entries) as Entry[]) : null;
  }

  async function statFile(point: RestorePointRef, path: string): Promise<Entry | null> {
    const key = folderKey(path);
    if (key === '/') {
      const root = await listFiles(point, '/');
      return root && { name: '/', type: 'folder', size: 0, modifiedAt: point.takenAt };
    }
    const name = key.slice(key.lastIndexOf('/') + 1);
    return (await listFiles(point, parentOf(key)))?.find((e) => e.name === name) ?? null;
  }

  async function readStream(point: RestorePointRef, path: string) {
    const entry = await statFile(point, path);
    if (entry?.type !== 'file') return null;
    const { repo, snapshot } = await open(point);
    const run = dump(repo, snapshot, folderKey(path));
    return (async function* () {
      let finished = false;
      try {
        for await (const chunk of run.stream) yield chunk as Uint8Array;
        await run.done.catch(failure);
        finished = true;
      } finally {
        // The reader stopped early (a cancelled download): restic stops too.
        if (!finished) {
          run.cancel();
          run.done.catch(() => {});
        }
      }
    })();
  }

  /** Every file under a folder from one `restic dump --archive=tar` (see FilesPort.readFolder). */
  async function readFolder(point: RestorePointRef, path: string) {
    const entry = await statFile(point, path);
    if (entry?.type !== 'folder') return null;
    const { repo, snapshot } = await open(point);
    const run = dump(repo, snapshot, folderKey(path), 'tar');
    return (async function* () {
      let finished = false;
      try {
        yield* tarFiles(run.stream);
        await run.done.catch(failure);
        finished = true;
      } finally {
        if (!finished) {
          run.cancel();
          run.done.catch(() => {});
        }
      }
    })();
  }

  return {
    open,
    listFiles,
    statFile,
    readStream,
    readFolder,
    async readFile(point, path, start, end) {
      const stream = await readStream(point, path);
      if (!stream) return null;
      const out = new Uint8Array(Math.max(0, end - start));
      let at = 0;
      for await (const chunk of stream) {
        const from = Math.max(start - at, 0);
        const to = Math.min(end - at, chunk.length);
        if (to > from) out.set(chunk.subarray(from, to), at + from - start);
        at += chunk.length;
        if (at >= end) break;
      }
      return out.subarray(0, Math.max(0, Math.min(end, at) - start));
    },
    async diskImages(point) {
      await open(point);
      await readTree(point);
      const row = await db()
        .selectFrom('restic_trees')
        .select('images')
        .where('restore_point_id', '=', point.restorePointId)
        .executeTakeFirst();
      return row ? (JSON.parse(row.images) as PointDiskImage[]) : [];
    },
    async exposeShare() {
      throw new FabricError('FAILED', NO_SHARE);
    },
    async waitShareActive() {
      throw new FabricError('FAILED', NO_SHARE);
    },
    async removeShare() {},
  };
}
