import {
  type Call,
  type CallSpec,
  deviceCalls,
  type idParams,
  type SaveAlertThresholdsBody,
} from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import type { Actor } from '../../scope';
import { deviceActions, setGeoPlus } from './actions';
import { autoVerifyImage, lastAutoVerifyData, presentAutoVerifyInfo } from './autoverify-info';
import {
  presentAlert,
  presentDetailsData,
  presentGeo,
  presentInfo,
  presentLocalCache,
  presentStorage,
} from './cards';
import { type Device, loadDevice } from './device';
import { healthHistory } from './health-history';
import { jobDetails, jobHealthHistory, jobHistory, jobHistoryDetails, parsePaging } from './jobs';
import { rpsInUse } from './rps-in-use';
import { alertThresholds, protectionSummary, saveThresholds } from './thresholds';

// spec: dashboard-device-azure 7 'Device details', path for path. Alert thresholds are not in
// the spec (docs/decisions.md 'Devices').

export function deviceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  return async (app) => {
    const c = deviceCalls;
    /** A GET /device/{name}/{id} card: load the device in scope, then present it. */
    const card = (call: CardCall, present: (d: Device, actor: Actor) => unknown) =>
      route(
        app,
        call,
        async ({ params, actor }) =>
          // The response schema checks and strips the presenter's answer.
          (await present(await loadDevice(db, actor, params.id), actor)) as never,
      );

    card(c.alert, (d) => presentAlert(d));
    card(c.info, (d, actor) => presentInfo(db, actor, d));
    card(c.autoVerifyInfo, (d, actor) => presentAutoVerifyInfo(db, actor, d));
    card(c.lastAutoVerify, (d, actor) => lastAutoVerifyData(db, actor, d));
    card(c.healthHistory, (d, actor) => healthHistory(db, actor, d, ctx.clock.now()));
    card(c.jobHistoryDetails, (d, actor) => jobHistoryDetails(db, actor, d));
    card(c.protectionSummary, (d, actor) => protectionSummary(db, actor, d));
    card(c.geoSummary, (d) => presentGeo(d));
    card(c.localCache, (d) => presentLocalCache(d));
    card(c.localStorage, (d) => presentStorage(d, 'local'));
    card(c.cloudStorage, (d) => presentStorage(d, 'cloud'));
    card(c.privateCloudStorage, (d) => presentStorage(d, 'private'));
    card(c.detailsData, (d, actor) => presentDetailsData(d, actor));
    card(c.actions, (d, actor) => deviceActions(db, actor, d));
    card(c.alertThresholds, (d, actor) => {
      // The direct-to-cloud flow; the others go through their appliance (spec 5).
      if (d.appliance_id !== null) throw new NotFoundError('This protected system');
      return alertThresholds(db, actor, d);
    });

    route(app, c.jobHistory, async ({ params, actor }) => {
      const d = await loadDevice(db, actor, params.id);
      const { page, rows } = parsePaging(params.page, params.rows);
      return jobHistory(db, actor, d, page, rows);
    });
    route(app, c.jobDetails, ({ params, actor }) => jobDetails(db, actor, params));
    route(app, c.jobHealthHistory, async ({ query, actor }) =>
      jobHealthHistory(db, actor, await loadDevice(db, actor, query.device_id), ctx.clock.now()),
    );
    route(app, c.rpsInUse, ({ params, actor }) => rpsInUse(db, actor, params.entityType, params.id));

    // Images are loaded by <img>: navigation GETs with the SameSite cookie only (decisions).
    const image = (
      call: typeof c.autoVerifyScreenshot | typeof c.autoVerifyThumbnail,
      size: 'screenshot' | 'thumbnail',
    ) =>
      route(app, call, async ({ params, actor, reply }) => {
        const png = await autoVerifyImage(ctx, db, actor, params.params, size);
        // One URL per result: it never changes, but stays private to the signed-in user.
        reply.header('cache-control', 'private, max-age=86400').type('image/png');
        return reply.send(png);
      });
    image(c.autoVerifyScreenshot, 'screenshot');
    image(c.autoVerifyThumbnail, 'thumbnail');

    route(app, c.setGeoPlus, ({ body, actor, req }) =>
      setGeoPlus(ctx, actor, body.id, String(body.value) === '1', req.ip),
    );

    // Alert thresholds: the direct-to-cloud flow by device id, the non-D2C flow with the
    // appliance id and the number 4 (spec 9; meaning not shown, kept as a fixed segment).
    route(app, c.applianceAlertThresholds, async ({ params, actor }) => {
      const d = await loadDevice(db, actor, params.id);
      if (d.appliance_id === null || String(d.appliance_id) !== params.applianceId)
        throw new NotFoundError('This protected system');
      return alertThresholds(db, actor, d);
    });
    const save = async (h: {
      actor: Actor;
      body: SaveAlertThresholdsBody;
      viaAppliance: string | undefined;
      ip: string;
    }) => {
      const d = await loadDevice(db, h.actor, h.body.id);
      const matches =
        h.viaAppliance === undefined ? d.appliance_id === null : String(d.appliance_id) === h.viaAppliance;
      if (!matches) throw new NotFoundError('This protected system');
      return saveThresholds(ctx, h.actor, d, h.body, h.ip);
    };
    route(app, c.saveAlertThresholds, ({ actor, body, req }) =>
      save({ actor, body, viaAppliance: undefined, ip: req.ip }),
    );
    route(app, c.saveApplianceAlertThresholds, ({ actor, body, params, req }) =>
      save({ actor, body, viaAppliance: params.applianceId, ip: req.ip }),
    );
  };
}

/** A card call: GET /device/{name}/{id}. */
type CardCall = Call<Omit<CallSpec, 'params'> & { params: typeof idParams; method: 'GET' }>;
