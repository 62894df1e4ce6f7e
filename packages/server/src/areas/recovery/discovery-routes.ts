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

    // Devices with points in the cloud, or on the appliances (client 0: any client of the
    // appliance; appliance 0: any appliance of the client).
    const clientOrZero = (raw: string) => (raw === '0' ? 0 : parseId(raw, 'This client'));
    const applianceOrAny = (raw: string) => (raw === '0' ? null : parseId(raw, 'This appliance'));
    route(app, c.cloudDevices, ({ params, actor }) =>
      recoveryDevices(db, actor, {
        clientId: 0,
        applianceId: parseId(params.applianceId, 'This appliance'),
        points: 'cloud',
      }),
    );
    route(app, c.clientCloudDevices, ({ params, actor }) =>
      recoveryDevices(db, actor, {
        clientId: parseId(params.clientId, 'This client'),
        applianceId: applianceOrAny(params.applianceId),
        points: 'cloud',
      }),
    );
    route(app, c.clientLocalDevices, ({ params, actor }) =>
      recoveryDevices(db, actor, {
        clientId: parseId(params.clientId, 'This client'),
        applianceId: null,
        points: 'local',
      }),
    );
    route(app, c.localDevices, ({ params, actor }) =>
      recoveryDevices(db, actor, {
        clientId: clientOrZero(params.clientId),
        applianceId: parseId(params.applianceId, 'This appliance'),
        points: 'local',
      }),
    );

    for (const call of [c.jobs, c.offsiteJobs])
      route(app, call, ({ body, actor }) => jobsOf(db, actor, body.deviceId, body.applianceId));
  };
}
