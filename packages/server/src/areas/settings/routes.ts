import { settingsCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { connectionName, swanctlConf } from './ipsec-config';
import {
  deleteIpsecSite,
  officeNetwork,
  saveIpsecSite,
  saveRunbookSettings,
  siteToConfigure,
} from './office-network';
import { orgThresholds, saveOrgThresholds } from './thresholds';
import {
  addSidsDialog,
  applianceSchedule,
  deleteUpdateSchedule,
  removeScheduleAppliance,
  saveAppliances,
  saveUpdateSchedule,
  updateSchedules,
} from './update-schedules';

/** Reseller and client settings (issue 17.4; docs/decisions.md 'Settings'). */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const c = settingsCalls;
    const db = ctx.dbh.db;
    route(app, c.resellerThresholds, ({ actor, params }) => orgThresholds(db, actor, 'reseller', params.id));
    route(app, c.clientThresholds, ({ actor, params }) => orgThresholds(db, actor, 'client', params.id));
    route(app, c.saveResellerThresholds, ({ actor, params, body, req }) =>
      saveOrgThresholds(ctx, actor, 'reseller', params.id, body, req.ip),
    );
    route(app, c.saveClientThresholds, ({ actor, params, body, req }) =>
      saveOrgThresholds(ctx, actor, 'client', params.id, body, req.ip),
    );

    route(app, c.officeNetwork, ({ actor, params }) => officeNetwork(ctx, actor, params.id));
    route(app, c.saveIpsecSite, ({ actor, params, body, req }) =>
      saveIpsecSite(ctx, actor, params.id, body, req.ip),
    );
    route(app, c.deleteIpsecSite, ({ actor, params, body, req }) =>
      deleteIpsecSite(ctx, actor, params.id, body.site_id, req.ip),
    );
    route(app, c.saveRunbookSettings, ({ actor, params, body, req }) =>
      saveRunbookSettings(ctx, actor, params.id, body, req.ip),
    );
    route(app, c.ipsecSiteConfig, async ({ actor, params, reply }) => {
      const { site, network } = await siteToConfigure(ctx, actor, params.id, params.siteId);
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${connectionName(site)}.swanctl.conf"`)
        .header('cache-control', 'no-store');
      return reply.send(swanctlConf(site, network, new Date(ctx.clock.now())));
    });

    route(app, c.updateSchedules, ({ actor, params }) => updateSchedules(ctx, actor, params.id));
    route(app, c.saveUpdateSchedule, ({ actor, params, body, req }) =>
      saveUpdateSchedule(ctx, actor, params.id, body, req.ip),
    );
    route(app, c.deleteUpdateSchedule, ({ actor, params, req }) =>
      deleteUpdateSchedule(ctx, actor, params.id, req.ip),
    );
    route(app, c.addSidsDialog, ({ actor, params }) => addSidsDialog(ctx, actor, params.id));
    route(app, c.saveAppliances, ({ actor, body, req }) => saveAppliances(ctx, actor, body, req.ip));
    route(app, c.removeScheduleAppliance, ({ actor, params, body, req }) =>
      removeScheduleAppliance(ctx, actor, params.id, body.appliance_id, req.ip),
    );
    route(app, c.applianceSchedule, ({ actor, params }) => applianceSchedule(ctx, actor, params.id));
  };
}
