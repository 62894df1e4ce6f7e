import { autoVerifyCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import { startCloudAutoVerify } from './autoverify-service';

// spec: dashboard-device-azure 7, POST /device/start_cloud_autoverify (form: id) -> success.
export function autoVerifyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, autoVerifyCalls.startCloud, ({ body, actor, req }) =>
      startCloudAutoVerify(ctx, actor, parseId(body.id, 'This protected system'), req.ip),
    );
  };
}
