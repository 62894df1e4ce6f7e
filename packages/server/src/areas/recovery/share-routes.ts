import { recoveryCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import {
  clientCloudShares,
  expireCloudLink,
  expireCloudLinkDialog,
  loadCloudLink,
  resellerCloudShares,
  setCloudLinkExpiry,
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

const shareId = (p: { shareId: string }) => parseId(p.shareId, 'This share');

export function recoveryShareRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  const c = recoveryCalls;
  return async (app) => {
    // /ra/expose_cifs_share/{appliance}/{job}/{pointTs}000/{drive or null}[/{format}/{type}[/1]]
    for (const call of [c.exposeShare, c.exposeShareAs, c.exposeShareAsFlagged]) {
      route(app, call, ({ params: p, actor, req }) => {
        if (!/^\d{4,16}$/.test(p.pointMs))
          throw new BadRequestError('The restore point time must be in milliseconds.');
        // The declaration checks the format, the disk type and the trailing 1.
        const format = 'format' in p ? p.format : null;
        const exportType = 'type' in p ? p.type : null;
        return exposeShare(
          ctx,
          actor,
          {
            applianceId: parseId(p.applianceId, 'This appliance'),
            jobId: parseId(p.jobId, 'This job'),
            pointMs: Number(p.pointMs),
            drive: p.drive === 'null' ? null : p.drive,
            format,
            exportType,
          },
          req.ip,
        );
      });
    }

    route(app, c.checkShare, ({ params, actor }) => checkShare(db, actor, shareId(params)));

    route(app, c.setShareTtl, ({ params, actor, req }) => {
      if (!/^\d{1,9}$/.test(params.seconds))
        throw new BadRequestError('The expiry must be a number of seconds.');
      return setShareTtl(ctx, actor, shareId(params), Number(params.seconds), req.ip);
    });

    route(app, c.suppressShare, ({ params, actor, req }) =>
      suppressShare(ctx, actor, shareId(params), req.ip),
    );

    route(app, c.sharePath, ({ params, actor }) => displaySharePath(db, actor, shareId(params)));

    route(app, c.editExpireDialog, ({ params, actor }) =>
      editExpireDialog(db, actor, shareId(params), ctx.clock.now()),
    );

    route(app, c.resellerLocalShares, ({ params, actor }) =>
      resellerLocalShares(db, actor, parseId(params.resellerId, 'This reseller')),
    );

    route(app, c.resellerCloudShares, ({ params, actor }) =>
      resellerCloudShares(ctx, actor, parseId(params.resellerId, 'This reseller')),
    );

    route(app, c.clientCloudShares, ({ params, actor }) =>
      clientCloudShares(ctx, actor, parseId(params.clientId, 'This client')),
    );

    route(app, c.loadCloudLink, ({ params, actor }) => loadCloudLink(ctx, actor, shareId(params)));

    route(app, c.expireCloudLinkDialog, () => expireCloudLinkDialog());

    route(app, c.expireCloudLink, ({ params, actor, req }) =>
      expireCloudLink(ctx, actor, shareId(params), req.ip),
    );

    route(app, c.setCloudLinkExpiry, ({ params, body, actor, req }) =>
      setCloudLinkExpiry(ctx, actor, shareId(params), body.hours, req.ip),
    );

    route(app, c.suppressCloudShare, ({ params, actor, req }) =>
      suppressCloudShare(ctx, actor, shareId(params), req.ip),
    );
  };
}
