import { securityCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { auditLogCsv, auditLogPage } from './audit-log';
import {
  disableMfa,
  generateSecret,
  initWithMfa,
  mfaStatus,
  reminderTemplate,
  requireMfa,
  resetMfa,
  updateReminder,
} from './mfa';

/** spec: inventory-reports-exports-security 7 (MFA, reminder); issue 17.1-3 (audit log). */
export function securityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const c = securityCalls;
    route(app, c.mfaStatus, ({ actor }) => mfaStatus(ctx, actor));
    route(app, c.generateSecret, ({ actor }) => generateSecret(ctx, actor));
    route(app, c.initWithMfa, ({ actor, body, req }) => initWithMfa(ctx, actor, body.code, req.ip));
    route(app, c.disableMfa, ({ actor, body, req }) => disableMfa(ctx, actor, body, req.ip));
    route(app, c.resetMfa, ({ actor, params, req }) => resetMfa(ctx, actor, params.id, req.ip));
    route(app, c.requireMfa, ({ actor, params, body, req }) =>
      requireMfa(ctx, actor, params.id, body.required, req.ip),
    );
    route(app, c.reminderTemplate, ({ actor }) => reminderTemplate(ctx, actor));
    route(app, c.updateReminder, ({ actor, body }) => updateReminder(ctx, actor, body.reminder.active));
    route(app, c.listApiKeys, ({ actor }) => listApiKeys(ctx, actor));
    route(app, c.createApiKey, ({ actor, body, req }) => createApiKey(ctx, actor, body, req.ip));
    route(app, c.revokeApiKey, ({ actor, params, req }) => revokeApiKey(ctx, actor, params.id, req.ip));
    route(app, c.auditLog, ({ actor, query }) => auditLogPage(ctx.dbh.db, actor, query));
    route(app, c.auditLogCsv, async ({ actor, query, reply }) => {
      const csv = await auditLogCsv(ctx.dbh.db, actor, query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store');
      return reply.send(csv);
    });
  };
}
