import {
  deviceActionsAnswer,
  deviceAlertAnswer,
  deviceAlertThresholdsAnswer,
  deviceAutoVerifyInfoAnswer,
  deviceDetailsDataAnswer,
  deviceHealthHistoryAnswer,
  deviceInfoAnswer,
  geoSummaryAnswer,
  jobDetailsAnswer,
  jobHealthHistoryAnswer,
  jobHistoryAnswer,
  jobHistoryDetailsAnswer,
  lastAutoVerifyAnswer,
  localCacheAnswer,
  protectionSummaryAnswer,
  rpsInUseAnswer,
  saveAlertThresholdsBody,
  setGeoPlusAnswer,
  setGeoPlusBody,
  storageSummaryAnswer,
} from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { NotFoundError } from '../../http/errors';
import { deviceActions, setGeoPlus } from './actions';
import { autoVerifyImage, lastAutoVerifyData, presentAutoVerifyInfo } from './autoverify-info';
import {
  presentAlert,
  presentDetailsData,
  presentGeo,
  presentInfo,
  presentLocalCache,
  presentStorage,
  type StorageKind,
} from './cards';
import { loadDevice } from './device';
import { healthHistory } from './health-history';
import { jobDetails, jobHealthHistory, jobHistory, jobHistoryDetails, parsePaging } from './jobs';
import { rpsInUse } from './rps-in-use';
import { alertThresholds, protectionSummary, saveThresholds } from './thresholds';

// spec: dashboard-device-azure 7 'Device details', path for path. Alert thresholds are not in
// the spec (docs/decisions.md 'Devices').

const idParam = z.object({ id: z.string().max(32) });
const STORAGE: Record<string, StorageKind> = {
  get_local_storage_summary: 'local',
  // spec 7: get_{product}_cloud_storage_summary, the provider-hosted cloud.
  get_lifeboat_cloud_storage_summary: 'cloud',
  get_private_cloud_storage_summary: 'private',
};

export function deviceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  return async (app) => {
    /** A GET /device/{name}/{id} card: load the device in scope, then present it. */
    const card = (
      name: string,
      answer: z.ZodType,
      present: (
        d: Awaited<ReturnType<typeof loadDevice>>,
        req: { actor: ReturnType<typeof actorOf> },
      ) => unknown,
    ) =>
      app.get(
        `/device/${name}/:id`,
        { schema: { params: idParam, response: { 200: answer } } },
        async (req) => {
          const actor = actorOf(req);
          const d = await loadDevice(db, actor, req.params.id);
          // The response schema checks and strips the presenter's answer.
          return (await present(d, { actor })) as never;
        },
      );

    card('get_device_alert', deviceAlertAnswer, (d) => presentAlert(d));
    card('get_device_details_info', deviceInfoAnswer, (d) => presentInfo(db, d));
    card('get_device_autoverify_info', deviceAutoVerifyInfoAnswer, (d) => presentAutoVerifyInfo(db, d));
    card('get_last_autoverify_data', lastAutoVerifyAnswer, (d) => lastAutoVerifyData(db, d));
    card('get_device_health_history', deviceHealthHistoryAnswer, (d) =>
      healthHistory(db, d, ctx.clock.now()),
    );
    card('job_history_details', jobHistoryDetailsAnswer, () => jobHistoryDetails());
    card('get_device_protection_summary_data', protectionSummaryAnswer, (d) => protectionSummary(db, d));
    card('get_geo_summary', geoSummaryAnswer, (d) => presentGeo(d));
    card('get_local_cache_summary', localCacheAnswer, (d) => presentLocalCache(d));
    for (const [name, kind] of Object.entries(STORAGE))
      card(name, storageSummaryAnswer, (d) => presentStorage(d, kind));
    card('get_device_details_data', deviceDetailsDataAnswer, (d, r) => presentDetailsData(d, r.actor));
    card('get_device_actions', deviceActionsAnswer, (d, r) => deviceActions(db, r.actor, d));
    card('get_device_alert_thresholds', deviceAlertThresholdsAnswer, (d) => {
      // The direct-to-cloud flow; the others go through their appliance (spec 5).
      if (d.appliance_id !== null) throw new NotFoundError('This protected system');
      return alertThresholds(db, d);
    });

    app.get(
      '/device/job_history/:id/:page/:rows',
      {
        schema: {
          params: z.object({ id: z.string().max(32), page: z.string().max(16), rows: z.string().max(16) }),
          response: { 200: jobHistoryAnswer },
        },
      },
      async (req) => {
        const d = await loadDevice(db, actorOf(req), req.params.id);
        const { page, rows } = parsePaging(req.params.page, req.params.rows);
        return jobHistory(db, d, page, rows);
      },
    );

    app.get(
      '/device/get_job_details/:machineId/:documentId/:inProgress',
      {
        schema: {
          params: z.object({
            machineId: z.string().max(32),
            documentId: z.string().max(32),
            inProgress: z.string().max(8),
          }),
          response: { 200: jobDetailsAnswer },
        },
      },
      async (req) => jobDetails(db, actorOf(req), req.params),
    );

    app.get(
      '/job/get_job_health_history',
      {
        schema: {
          querystring: z.object({ device_id: z.string().max(32) }),
          response: { 200: jobHealthHistoryAnswer },
        },
      },
      async (req) => {
        const d = await loadDevice(db, actorOf(req), req.query.device_id);
        return jobHealthHistory(db, d, ctx.clock.now());
      },
    );

    app.get(
      '/:entityType/get_rps_in_use/:id',
      {
        schema: {
          params: z.object({ entityType: z.string().max(32), id: z.string().max(32) }),
          response: { 200: rpsInUseAnswer },
        },
      },
      async (req) => rpsInUse(db, actorOf(req), req.params.entityType, req.params.id),
    );

    // Images are loaded by <img>: navigation GETs with the SameSite cookie only (decisions).
    for (const size of ['screenshot', 'thumbnail'] as const)
      app.get(
        `/image/last_autoverify_${size}/:params`,
        { config: { navigation: true }, schema: { params: z.object({ params: z.string().max(40) }) } },
        async (req, reply) => {
          const png = await autoVerifyImage(ctx, db, actorOf(req), req.params.params, size);
          // One URL per result: it never changes, but stays private to the signed-in user.
          reply.header('cache-control', 'private, max-age=86400').type('image/png');
          return reply.send(png);
        },
      );

    app.post(
      '/device/set_geo_plus',
      { schema: { body: setGeoPlusBody, response: { 200: setGeoPlusAnswer } } },
      async (req) => setGeoPlus(ctx, actorOf(req), req.body.id, String(req.body.value) === '1', req.ip),
    );

    // Alert thresholds: the direct-to-cloud flow by device id, the non-D2C flow with the
    // appliance id and the number 4 (spec 9; meaning not shown, kept as a fixed segment).
    app.get(
      '/device/get_device_alert_thresholds/:applianceId/4/:id',
      {
        schema: {
          params: z.object({ applianceId: z.string().max(32), id: z.string().max(32) }),
          response: { 200: deviceAlertThresholdsAnswer },
        },
      },
      async (req) => {
        const d = await loadDevice(db, actorOf(req), req.params.id);
        if (d.appliance_id === null || String(d.appliance_id) !== req.params.applianceId)
          throw new NotFoundError('This protected system');
        return alertThresholds(db, d);
      },
    );
    const save = (path: string) =>
      app.post(
        path,
        {
          schema: {
            params: z.object({ applianceId: z.string().max(32).optional() }),
            body: saveAlertThresholdsBody,
            response: { 200: deviceAlertThresholdsAnswer },
          },
        },
        async (req) => {
          const actor = actorOf(req);
          const d = await loadDevice(db, actor, req.body.id);
          const viaAppliance = req.params.applianceId;
          const matches =
            viaAppliance === undefined ? d.appliance_id === null : String(d.appliance_id) === viaAppliance;
          if (!matches || actor.level < 1) throw new NotFoundError('This protected system');
          return saveThresholds(ctx, actor, d, req.body, req.ip);
        },
      );
    save('/device/save_device_alert_thresholds');
    save('/device/save_device_alert_thresholds/:applianceId/4');
  };
}
