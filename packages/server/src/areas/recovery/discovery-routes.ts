import {
  applianceGetAnswer,
  applianceGetBody,
  clientFeatureTypes as clientFeatureTypesAnswer,
  deviceGetAnswer,
  deviceGetBody,
  devicesAnswer,
  jobsAnswer,
  jobsBody,
  resellerClientsAnswer,
  resellerClientsQuery,
} from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
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
  return async (app) => {
    app.get(
      '/reseller/get_reseller_clients/:resellerId',
      { schema: { querystring: resellerClientsQuery, response: { 200: resellerClientsAnswer } } },
      async (req) => {
        const { resellerId } = req.params as { resellerId: string };
        return resellerClients(db, actorOf(req), parseId(resellerId, 'This reseller'), req.query);
      },
    );

    app.get(
      '/client/get_client_feature_types/:clientId',
      { schema: { response: { 200: clientFeatureTypesAnswer } } },
      async (req) => {
        const { clientId } = req.params as { clientId: string };
        return clientFeatureTypes(db, actorOf(req), parseId(clientId, 'This client'));
      },
    );

    app.post(
      '/device/get',
      { schema: { body: deviceGetBody, response: { 200: deviceGetAnswer } } },
      async (req) => deviceGet(db, actorOf(req), req.body.forDevice),
    );

    app.post(
      '/appliance/get',
      { schema: { body: applianceGetBody, response: { 200: applianceGetAnswer } } },
      async (req) => appliancesOf(db, actorOf(req), req.body),
    );

    // Devices with points in the cloud, or on one appliance.
    app.get(
      '/api/filebrowsing/devices/:clientId',
      { schema: { response: { 200: devicesAnswer } } },
      async (req) => {
        const { clientId } = req.params as { clientId: string };
        return recoveryDevices(db, actorOf(req), parseId(clientId, 'This client'), null);
      },
    );
    app.get(
      '/api/localbrowsing/devices/:clientId/:applianceId',
      { schema: { response: { 200: devicesAnswer } } },
      async (req) => {
        const { clientId, applianceId } = req.params as { clientId: string; applianceId: string };
        return recoveryDevices(
          db,
          actorOf(req),
          clientId === '0' ? 0 : parseId(clientId, 'This client'),
          parseId(applianceId, 'This appliance'),
        );
      },
    );

    for (const path of ['/offsite_ajax/jobs', '/offsite_ajax/offsite_jobs']) {
      app.post(path, { schema: { body: jobsBody, response: { 200: jobsAnswer } } }, async (req) =>
        jobsOf(db, actorOf(req), req.body.deviceId, req.body.applianceId),
      );
    }
  };
}
