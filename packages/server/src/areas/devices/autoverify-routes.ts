import { startCloudAutoVerifyAnswer, startCloudAutoVerifyBody } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { parseId } from '../../scope';
import { startCloudAutoVerify } from './autoverify-service';

// spec: dashboard-device-azure 7, POST /device/start_cloud_autoverify (form: id) -> success.
export function autoVerifyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/device/start_cloud_autoverify',
      { schema: { body: startCloudAutoVerifyBody, response: { 200: startCloudAutoVerifyAnswer } } },
      async (req) => {
        const id = parseId(req.body.id, 'This protected system');
        return startCloudAutoVerify(ctx, actorOf(req), id, req.ip);
      },
    );
  };
}
