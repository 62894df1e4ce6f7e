import {
  checkShareAnswer,
  cloudLinkAnswer,
  cloudSharesAnswer,
  editExpireDialogAnswer,
  expireDialogAnswer,
  exposeShareAnswer,
  localSharesAnswer,
  okAnswer,
  setShareTtlAnswer,
  shareDialogAnswer,
  sharePathAnswer,
} from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { BadRequestError } from '../../http/errors';
import { parseId } from '../../scope';
import {
  clientCloudShares,
  expireCloudLink,
  expireCloudLinkDialog,
  loadCloudLink,
  resellerCloudShares,
  suppressCloudShare,
} from './cloud-share-service';
import {
  checkShare,
  displaySharePath,
  editExpireDialog,
  exposeShare,
  resellerLocalShares,
  setShareTtl,
  suppressShare,
} from './share-service';

// spec: recovery-flow 7 'Shares'; inventory-reports-exports-security 7 (local shares).

const FORMATS = ['VMDK', 'VHD', 'VHDX'];
const shareId = (p: unknown) => parseId((p as { shareId: string }).shareId, 'This share');

export function recoveryShareRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  return async (app) => {
    // /ra/expose_cifs_share/{appliance}/{job}/{pointTs}000/{drive or null}[/{format}/{type}[/1]]
    for (const tail of ['', '/:format/:type', '/:format/:type/:flag']) {
      app.post(
        `/ra/expose_cifs_share/:applianceId/:jobId/:pointMs/:drive${tail}`,
        { schema: { response: { 200: exposeShareAnswer } } },
        async (req) => {
          const p = req.params as Record<string, string>;
          if (!/^\d{4,16}$/.test(p.pointMs ?? ''))
            throw new BadRequestError('The restore point time must be in milliseconds.');
          const format = p.format ? p.format.toUpperCase() : null;
          if (format !== null && !FORMATS.includes(format))
            throw new BadRequestError(`The format must be one of ${FORMATS.join(', ')}.`);
          return exposeShare(
            ctx,
            actorOf(req),
            {
              applianceId: parseId(p.applianceId, 'This appliance'),
              jobId: parseId(p.jobId, 'This job'),
              pointMs: Number(p.pointMs),
              drive: p.drive === 'null' ? null : (p.drive ?? null),
              format,
            },
            req.ip,
          );
        },
      );
    }

    app.get(
      '/ra/check_exposing_cifs_share/:shareId',
      { schema: { response: { 200: checkShareAnswer } } },
      async (req) => checkShare(db, actorOf(req), shareId(req.params)),
    );

    app.post(
      '/share/set_cifs_share_ttl/:shareId/:seconds',
      { schema: { response: { 200: setShareTtlAnswer } } },
      async (req) => {
        const { seconds } = req.params as { seconds: string };
        if (!/^\d{1,9}$/.test(seconds)) throw new BadRequestError('The expiry must be a number of seconds.');
        return setShareTtl(ctx, actorOf(req), shareId(req.params), Number(seconds), req.ip);
      },
    );

    app.get(
      '/share/suppress_cifs_share/:shareId',
      { schema: { response: { 200: shareDialogAnswer } } },
      async (req) => suppressShare(ctx, actorOf(req), shareId(req.params), req.ip),
    );

    app.get(
      '/share/display_cifs_share_path/:shareId',
      { schema: { response: { 200: sharePathAnswer } } },
      async (req) => displaySharePath(db, actorOf(req), shareId(req.params)),
    );

    app.get(
      '/share/load_edit_expire_dialog/:shareId',
      { schema: { response: { 200: editExpireDialogAnswer } } },
      async (req) => editExpireDialog(db, actorOf(req), shareId(req.params)),
    );

    app.get(
      '/reseller/get_reseller_exposed_local_shares/:resellerId',
      { schema: { response: { 200: localSharesAnswer } } },
      async (req) => {
        const { resellerId } = req.params as { resellerId: string };
        return resellerLocalShares(db, actorOf(req), parseId(resellerId, 'This reseller'));
      },
    );

    app.get(
      '/reseller/get_reseller_cloud_shares/:resellerId',
      { schema: { response: { 200: cloudSharesAnswer } } },
      async (req) => {
        const { resellerId } = req.params as { resellerId: string };
        return resellerCloudShares(ctx, actorOf(req), parseId(resellerId, 'This reseller'));
      },
    );

    app.get(
      '/client/get_client_cloud_shares/:clientId',
      { schema: { response: { 200: cloudSharesAnswer } } },
      async (req) => {
        const { clientId } = req.params as { clientId: string };
        return clientCloudShares(ctx, actorOf(req), parseId(clientId, 'This client'));
      },
    );

    app.get(
      '/client/load_cloud_link/:shareId',
      { schema: { response: { 200: cloudLinkAnswer } } },
      async (req) => loadCloudLink(ctx, actorOf(req), shareId(req.params)),
    );

    app.get('/dialog/expire_cloud_link', { schema: { response: { 200: expireDialogAnswer } } }, async () =>
      expireCloudLinkDialog(),
    );

    app.get('/ra/expire_cloud_link/:shareId', { schema: { response: { 200: okAnswer } } }, async (req) =>
      expireCloudLink(ctx, actorOf(req), shareId(req.params), req.ip),
    );

    app.get(
      '/client/suppress_cloud_share/:shareId',
      { schema: { response: { 200: shareDialogAnswer } } },
      async (req) => suppressCloudShare(ctx, actorOf(req), shareId(req.params), req.ip),
    );
  };
}
