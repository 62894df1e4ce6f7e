import { azureCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import { rbDevices, rbRestorePoints, verifyPsPassword } from '../ftps/service';
import {
  authData,
  azureReseller,
  cancelJob,
  checkToken,
  dismissJob,
  getAndResetData,
  jobInfo,
  listJobs,
  resellerEnabled,
  resetSession,
  resourceGroups,
  setClient,
  setDevice,
  setResellerEnabled,
  setResourceGroup,
  setRestorePoint,
  setStorageAccount,
  startRecover,
  storageAccounts,
} from './service';
import { simDeviceConsent, simDeviceLookup } from './sim-devicelogin';

// spec: dashboard-device-azure 7 'Azure direct restore'; recovery-flow 7 'Azure export panels'.

export function azureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  const c = azureCalls;
  return async (app) => {
    route(app, c.availability, async ({ actor }) => ({
      enabled: await azureReseller(db, actor).then(
        () => true,
        () => false,
      ),
    }));
    route(app, c.resellerEnabled, ({ params, actor }) =>
      resellerEnabled(ctx, actor, parseId(params.id, 'This reseller')),
    );
    route(app, c.setResellerEnabled, ({ body, actor, req }) => setResellerEnabled(ctx, actor, body, req.ip));
    route(app, c.data, ({ actor }) => getAndResetData(ctx, actor));
    route(app, c.devices, async ({ params, actor }) => {
      await azureReseller(db, actor);
      return { data: await rbDevices(db, actor, parseId(params.clientId, 'This client'), 0) };
    });
    route(app, c.restorePoints, async ({ params: p, actor }) => {
      await azureReseller(db, actor);
      if (!/^\d{4}$/.test(p.year)) throw new BadRequestError('The year must have four digits.');
      if (!/^\d{1,2}$/.test(p.month) || Number(p.month) < 1 || Number(p.month) > 12)
        throw new BadRequestError('The month must be between 1 and 12.');
      return rbRestorePoints(db, actor, {
        machineId: parseId(p.deviceId, 'This device'),
        year: Number(p.year),
        month: Number(p.month),
      });
    });
    route(app, c.verifyPsPassword, async ({ body, actor }) => {
      await azureReseller(db, actor);
      return verifyPsPassword(ctx, actor, body.machine_id, body.password);
    });
    route(app, c.setClient, ({ body, actor }) => setClient(ctx, actor, body.client_id));
    route(app, c.setDevice, ({ body, actor }) => setDevice(ctx, actor, body.device_id));
    route(app, c.setRestorePoint, ({ body, actor }) => setRestorePoint(ctx, actor, body.snapshot_name));
    route(app, c.setResourceGroup, ({ body, actor }) => setResourceGroup(ctx, actor, body));
    route(app, c.setStorageAccount, ({ body, actor }) => setStorageAccount(ctx, actor, body));
    route(app, c.authData, ({ params, actor }) => authData(ctx, actor, params.scope));
    route(app, c.checkToken, ({ actor, req }) => checkToken(ctx, actor, req.ip));
    route(app, c.resetSession, ({ actor }) => resetSession(ctx, actor));
    route(app, c.resourceGroups, ({ actor }) => resourceGroups(ctx, actor));
    route(app, c.storageAccounts, ({ body, actor }) =>
      storageAccounts(ctx, actor, {
        subscriptionId: body.subscription_id,
        resourceGroupName: body.resource_group_name,
      }),
    );
    route(app, c.start, ({ actor, req }) => startRecover(ctx, actor, req.ip));
    route(app, c.resellerJobs, ({ params, actor }) =>
      listJobs(db, actor, { resellerId: parseId(params.resellerId, 'This reseller') }),
    );
    route(app, c.clientJobs, ({ params, actor }) =>
      listJobs(db, actor, { clientId: parseId(params.clientId, 'This client') }),
    );
    route(app, c.jobDetails, ({ params, actor }) => jobInfo(db, actor, parseId(params.id, 'This Azure job')));
    route(app, c.jobInfo, ({ params, actor }) => jobInfo(db, actor, parseId(params.id, 'This Azure job')));
    route(app, c.cancel, ({ body, actor, req }) => cancelJob(ctx, actor, body.job_id, req.ip));
    route(app, c.dismiss, ({ body, actor, req }) => dismissJob(ctx, actor, body.job_id, req.ip));
    route(app, c.simDeviceLogin, ({ body }) =>
      body.account === undefined
        ? simDeviceLookup(ctx, body.user_code)
        : simDeviceConsent(ctx, body.user_code, body.account),
    );
  };
}
