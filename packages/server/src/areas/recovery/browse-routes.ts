import {
  fileAnswer,
  fileBody,
  filesAnswer,
  filesBody,
  insertDownloadAnswer,
  insertDownloadBody,
  mountAnswer,
  mountBody,
  okAnswer,
  recoveryPointsAnswer,
} from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { AppError } from '../../http/errors';
import { parseId } from '../../scope';
import { completeMount, listMountFolder, mountPoint, recoveryPoints, statMountFile } from './browse-service';
import { contentTypeOf, insertDownloadSession, openDownload } from './download-service';

// spec: recovery-flow 7 'Browsing and download'. Both prefixes answer: filebrowsing and
// localbrowsing differ only by the appliance id (0 = the cloud copy).

const idOrZero = (raw: string, what: string) => (raw === '0' ? 0 : parseId(raw, what));

interface PointParams {
  clientId: string;
  applianceId: string;
  deviceAsid: string;
  jobId: string;
  drive: string;
  datePoint?: string;
}

export function recoveryBrowseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  return async (app) => {
    for (const prefix of ['/api/filebrowsing', '/api/localbrowsing']) {
      for (const tail of ['', '/:datePoint']) {
        app.get(
          `${prefix}/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive${tail}`,
          { schema: { response: { 200: recoveryPointsAnswer } } },
          async (req) => {
            const p = req.params as PointParams;
            return recoveryPoints(ctx, actorOf(req), {
              clientId: parseId(p.clientId, 'This client'),
              applianceId: idOrZero(p.applianceId, 'This appliance'),
              systemId: parseId(p.deviceAsid, 'This device'),
              jobId: parseId(p.jobId, 'This job'),
              drive: p.drive,
              datePoint: p.datePoint,
            });
          },
        );
      }
    }

    app.post(
      '/api/filebrowsing/mount/:applianceId/:deviceAsid/:jobId/:drive',
      { schema: { body: mountBody, response: { 200: mountAnswer } } },
      async (req) => {
        const p = req.params as Omit<PointParams, 'clientId'>;
        return mountPoint(db, actorOf(req), ctx.clock.now(), {
          applianceId: idOrZero(p.applianceId, 'This appliance'),
          systemId: parseId(p.deviceAsid, 'This device'),
          jobId: parseId(p.jobId, 'This job'),
          drive: p.drive,
          pointId: req.body.recoveryPoint,
        });
      },
    );

    app.post(
      '/api/filebrowsing/files/:applianceId',
      { schema: { body: filesBody, response: { 200: filesAnswer } } },
      async (req) => listMountFolder(ctx, actorOf(req), req.body.filemountUseId, req.body.path),
    );

    app.post(
      '/api/filebrowsing/file/:applianceId',
      { schema: { body: fileBody, response: { 200: fileAnswer } } },
      async (req) => statMountFile(ctx, actorOf(req), req.body.filemountUseId, req.body.path),
    );

    app.post(
      '/api/filebrowsing/complete/:filemountUseId',
      { schema: { response: { 200: okAnswer } } },
      async (req) => {
        const { filemountUseId } = req.params as { filemountUseId: string };
        return completeMount(db, actorOf(req), filemountUseId, ctx.clock.now());
      },
    );

    app.post(
      '/download/insert_download_session',
      { schema: { body: insertDownloadBody, response: { 200: insertDownloadAnswer } } },
      async (req) => insertDownloadSession(ctx, actorOf(req), req.body, req.ip),
    );

    // Opened by the browser itself (a link), so only the SameSite session cookie comes along.
    app.get('/download/:token', { config: { navigation: true } }, async (req, reply) => {
      const { token } = req.params as { token: string };
      const actor = actorOf(req);
      try {
        const file = await openDownload(ctx, actor, token);
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
        if (err instanceof AppError && (req.headers.accept ?? '').includes('text/html')) {
          return reply
            .status(err.status)
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

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
