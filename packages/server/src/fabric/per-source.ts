import type { FilesPort, FtpsPort, RestorePointRef, SourceKind } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { unscoped } from '../scope';

// The files and FTPS ports picked per backup source (issue 25.1): a restore point of a system read
// from a source goes to its kind's implementation, every other point (the built-in simulator's
// fleet, sourceId null) to the simulator. Areas keep calling ctx.ports.files and ctx.ports.ftps,
// so the same calls serve simulated and restic systems.

type Impl<P> = Partial<Record<SourceKind, P>> & { simulated: P };

/** The kind of a source by its id (a source never changes kind, so each is looked up once). */
function sourceKinds(dbh: DbHandle) {
  const known = new Map<number, SourceKind>();
  return async (point: RestorePointRef): Promise<SourceKind> => {
    const id = point.sourceId ?? null;
    if (id === null) return 'simulated';
    const hit = known.get(id);
    if (hit) return hit;
    const row = await unscoped(dbh.db, 'the kind of a source, to pick the port of a point read in scope')
      .selectFrom('backup_sources')
      .select('kind')
      .where('id', '=', id)
      .executeTakeFirst();
    const kind = row?.kind ?? 'simulated';
    if (row) known.set(id, kind);
    return kind;
  };
}

export function filesPerSource(dbh: DbHandle, impl: Impl<FilesPort>): FilesPort {
  const kindOf = sourceKinds(dbh);
  const pick = async (point: RestorePointRef) => impl[await kindOf(point)] ?? impl.simulated;
  return {
    listFiles: async (p, path) => (await pick(p)).listFiles(p, path),
    statFile: async (p, path) => (await pick(p)).statFile(p, path),
    readFile: async (p, path, start, end) => (await pick(p)).readFile(p, path, start, end),
    exposeShare: async (req) => (await pick(req.point)).exposeShare(req),
    waitShareActive: async (req, progress) => (await pick(req.point)).waitShareActive(req, progress),
    removeShare: async (req) => (await pick(req.point)).removeShare(req),
    async readStream(p, path) {
      const port = await pick(p);
      return port.readStream ? port.readStream(p, path) : null;
    },
    async readFolder(p, path) {
      const port = await pick(p);
      return port.readFolder ? port.readFolder(p, path) : null;
    },
    async diskImages(p) {
      const port = await pick(p);
      return port.diskImages ? port.diskImages(p) : null;
    },
  };
}

export function ftpsPerSource(dbh: DbHandle, impl: Impl<FtpsPort>): FtpsPort {
  const kindOf = sourceKinds(dbh);
  return {
    runExport: async (req, progress) =>
      (impl[await kindOf(req.point)] ?? impl.simulated).runExport(req, progress),
    // Logins are the console's FTPS host's, whatever the source.
    setCredentials: (req) => impl.simulated.setCredentials(req),
    removeExport: (req) => impl.simulated.removeExport(req),
  };
}
