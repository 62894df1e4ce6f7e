import { recoveryCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import {
  appliancesOf,
  clientFeatureTypes,
  deviceGet,
  jobsOf,
  recoveryDevices,
  resellerClients,
} from './discovery-service';

// spec: recovery-flow 7 'Discovery'.
export function recoveryDiscoveryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  const c = recoveryCalls;
  return async (app) => {
    route(app, c.resellerClients, ({ params, query, actor }) =>
      resellerClients(db, actor, parseId(params.resellerId, 'This reseller'), query),
    );

    route(app, c.clientFeatureTypes, ({ params, actor }) =>
      clientFeatureTypes(db, actor, parseId(params.clientId, 'This client')),
    );

    route(app, c.deviceGet, ({ body, actor }) => deviceGet(db, actor, body.forDevice));

    route(app, c.applianceGet, ({ body, actor }) => appliancesOf(db, actor, body));

    // Devices with points in the cloud, or on one appliance.
    route(app, c.cloudDevices, ({ params, actor }) =>
      recoveryDevices(db, actor, parseId(params.clientId, 'This client'), null),
    );
    route(app, c.localDevices, ({ params, actor }) =>
      recoveryDevices(
        db,
        actor,
        params.clientId === '0' ? 0 : parseId(params.clientId, 'This client'),
        parseId(params.applianceId, 'This appliance'),
      ),
    );

    for (const call of [c.jobs, c.offsiteJobs])
      route(app, call, ({ body, actor }) => jobsOf(db, actor, body.deviceId, body.applianceId));
  };
}
