import { reportCalls as c } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { addSaveRefusals } from '../../http/save-refusal';
import { parseId } from '../../scope';
import { deleteDefinition, listDefinitions, reportHistory, saveDefinition } from './schedules';
import {
  cancelReport,
  dateCreated,
  generateReport,
  listClients,
  listResellers,
  regenerateReport,
  reportContent,
  reportDownload,
  reportStatus,
} from './service';

// spec: inventory-reports-exports-security 7, /async_reports/executive_summary/*.
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const report = (raw: string) => parseId(raw, 'This report');
    route(app, c.resellers, ({ actor }) => listResellers(ctx, actor));
    route(app, c.clients, ({ params, actor }) =>
      listClients(ctx, actor, parseId(params.resellerId, 'This reseller')),
    );
    route(app, c.dateCreated, ({ params, actor }) =>
      dateCreated(ctx, actor, parseId(params.clientId, 'This client')),
    );
    route(app, c.generate, ({ body, actor, req }) =>
      generateReport(ctx, actor, parseId(body.client_id, 'This client'), body, req.ip),
    );
    route(app, c.status, ({ params, actor }) => reportStatus(ctx, actor, report(params.reportId)));
    route(app, c.cancel, ({ params, actor, req }) =>
      cancelReport(ctx, actor, report(params.reportId), req.ip),
    );
    route(app, c.regenerate, ({ params, body, actor, req }) =>
      regenerateReport(ctx, actor, report(params.reportId), body, req.ip),
    );
    route(app, c.content, ({ params, actor }) => reportContent(ctx, actor, report(params.reportId)));
    route(app, c.download, async ({ params, actor, req, reply }) => {
      const file = await reportDownload(ctx, actor, report(params.reportId), req.ip);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.bytes);
    });
    // A refused save is a 400 with the spec's is_error and errors (issue 11.4).
    await app.register(async (saves) => {
      addSaveRefusals(saves);
      route(saves, c.saveDefinition, ({ body, actor, req }) => saveDefinition(ctx, actor, body, req.ip));
    });
    route(app, c.definitions, ({ actor }) => listDefinitions(ctx, actor));
    route(app, c.deleteDefinition, ({ params, actor, req }) =>
      deleteDefinition(ctx, actor, parseId(params.id, 'This scheduled report'), req.ip),
    );
    route(app, c.history, ({ actor }) => reportHistory(ctx, actor));
  };
}
