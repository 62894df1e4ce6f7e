import type { Readable } from 'node:stream';
import { FabricError, recoveryCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import {
  completeMount,
  listMountFolder,
  mountPoint,
  recoveryPoints,
  searchMount,
  statMountFile,
} from './browse-service';
import { contentTypeOf, insertDownloadSession, openDownload } from './download-service';

// spec: recovery-flow 7 'Browsing and download'. Both prefixes answer: filebrowsing and
// localbrowsing differ only by the appliance id (0 = the cloud copy).

const idOrZero = (raw: string, what: string) => (raw === '0' ? 0 : parseId(raw, what));

export function recoveryBrowseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  const c = recoveryCalls;
  return async (app) => {
    for (const call of [c.cloudPoints, c.cloudPointsOn, c.localPoints, c.localPointsOn]) {
      route(app, call, ({ params, actor }) =>
        recoveryPoints(ctx, actor, {
          clientId: parseId(params.clientId, 'This client'),
          applianceId: idOrZero(params.applianceId, 'This appliance'),
          systemId: parseId(params.deviceAsid, 'This device'),
          jobId: parseId(params.jobId, 'This job'),
          drive: params.drive,
          datePoint: 'datePoint' in params ? params.datePoint : undefined,
        }),
      );
    }

    route(app, c.mount, ({ params, body, actor }) =>
      mountPoint(db, actor, ctx.clock.now(), {
        applianceId: idOrZero(params.applianceId, 'This appliance'),
        systemId: parseId(params.deviceAsid, 'This device'),
        jobId: parseId(params.jobId, 'This job'),
        drive: params.drive,
        pointId: body?.recoveryPoint,
      }),
    );

    // The appliance in the path (and the point, when sent) must be the mount's own.
    route(app, c.files, ({ params, body, actor }) =>
      listMountFolder(ctx, actor, body.filemountUseId, body.path, {
        applianceId: idOrZero(params.applianceId, 'This browsing session'),
        pointId: body.recoveryPoint,
      }),
    );

    route(app, c.searchFiles, ({ params, body, actor }) =>
      searchMount(ctx, actor, body.filemountUseId, body.query, {
        applianceId: idOrZero(params.applianceId, 'This browsing session'),
      }),
    );

    route(app, c.file, ({ params, body, actor }) =>
      statMountFile(ctx, actor, body.filemountUseId, body.path, {
        applianceId: idOrZero(params.applianceId, 'This browsing session'),
      }),
    );

    route(app, c.completeMount, ({ params, actor }) =>
      completeMount(db, actor, params.filemountUseId, ctx.clock.now()),
    );

    route(app, c.insertDownloadSession, ({ body, actor, req }) =>
      insertDownloadSession(ctx, actor, body, req.ip),
    );

    // Opened by the browser itself (a link), so only the SameSite session cookie comes along.
    route(app, c.download, async ({ params, actor, req, reply }) => {
      try {
        const file = await openDownload(ctx, actor, params.token);
        // Its first bytes (or its failure: a snapshot forgotten since) before the answer starts,
        // so a source that cannot serve the link answers a sentence, not a cut-off download.
        await firstBytes(file.stream);
        await audit(db, ctx.clock.now(), {
          actor,
          action: 'recovery.download',
          targetType: 'download_session',
          targetId: file.id,
          details: { name: file.name },
          ip: req.ip,
        });
        reply.header('content-type', contentTypeOf(file.type));
        reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
        reply.header('cache-control', 'no-store');
        if (file.size !== null) reply.header('content-length', String(file.size));
        return reply.send(file.stream);
      } catch (err) {
        // A person who opens an old link sees a sentence, not JSON.
        // A source that cannot serve it (a snapshot forgotten since) says so the same way.
        const known = err instanceof AppError || err instanceof FabricError;
        if (known && (req.headers.accept ?? '').includes('text/html')) {
          return reply
            .status(err instanceof AppError ? err.status : 409)
            .type('text/html; charset=utf-8')
            .send(
              `<!doctype html><meta charset="utf-8"><title>Lifeboat download</title><p>${escapeHtml(err.message)}</p><p><a href="/">Back to Lifeboat</a></p>`,
            );
        }
        throw err;
      }
    });
  };
}

/** Resolves once the stream has data or has ended; rejects with its error before either. */
function firstBytes(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      stream.off('readable', ready);
      stream.off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const ready = () => done();
    stream.once('readable', ready);
    stream.once('error', done);
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
