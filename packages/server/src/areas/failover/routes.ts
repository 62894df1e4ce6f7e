import { failoverCalls as c } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import {
  approvalRequests,
  approvalSetting,
  approveFailover,
  refuseFailover,
  saveApprovalSetting,
  withdrawFailover,
} from './approval';
import { runningOffices } from './offices';
import { checkRunbook, runbookFailoverStatus, startRunbook, verifyRunbookPassword } from './runbook-start';
import {
  clientRunbooks,
  copyRunbook,
  createRunbook,
  deleteRunbook,
  editRunbook,
  getRunbook,
  runbookList,
} from './runbooks';
import { applianceScriptOf, clientScript } from './scripts';
import {
  clientOffice,
  createFailover,
  failoverSetup,
  failoverStatus,
  officeScreenshot,
  stopFailover,
} from './service';

// spec: recovery-flow 7 'Discovery' (failover setups), 'Virtual machine and failover', 'Runbooks';
// issue 16 (the runbooks page, the running office, approval of production failover).

const client = (raw: string) => parseId(raw, 'This client');

export function failoverRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, c.brcSetup, ({ params: p, actor }) =>
      failoverSetup(ctx, actor, {
        clientId: client(p.clientId),
        applianceRaw: p.applianceId,
        deviceId: null,
        tool: 'brc',
      }),
    );
    route(app, c.brcSetupForDevice, ({ params: p, actor }) =>
      failoverSetup(ctx, actor, {
        clientId: client(p.clientId),
        applianceRaw: p.applianceId,
        deviceId: parseId(p.deviceId, 'This device'),
        tool: 'brc',
      }),
    );
    route(app, c.rbSetup, ({ params: p, actor }) =>
      failoverSetup(ctx, actor, {
        clientId: client(p.clientId),
        applianceRaw: p.applianceId,
        deviceId: null,
        tool: 'rb',
      }),
    );
    route(app, c.rbSetupForDevice, ({ params: p, actor }) =>
      failoverSetup(ctx, actor, {
        clientId: client(p.clientId),
        applianceRaw: p.applianceId,
        deviceId: parseId(p.deviceId, 'This device'),
        tool: 'rb',
      }),
    );
    route(app, c.createFailover, ({ body, actor, req }) => createFailover(ctx, actor, body, req.ip));
    route(app, c.failoverStatus, ({ params, actor }) =>
      failoverStatus(ctx, actor, parseId(params.failoverId, 'This failover')),
    );
    route(app, c.getFailoverStatus, ({ params: p, actor }) =>
      clientOffice(ctx, actor, client(p.clientId), p.applianceId),
    );
    route(app, c.stopFailover, ({ body, actor, req }) => stopFailover(ctx, actor, body.failover_id, req.ip));
    route(app, c.screenshot, async ({ params: p, actor, reply }) => {
      const png = await officeScreenshot(
        ctx,
        actor,
        parseId(p.failoverId, 'This failover'),
        parseId(p.systemId, 'This system'),
      );
      reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=60');
      return reply.send(png);
    });
    const sendScript = (
      reply: Parameters<Parameters<typeof route>[2]>[0]['reply'],
      s: { text: string; fileName: string },
    ) => {
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${s.fileName}"`)
        .header('cache-control', 'no-store');
      return reply.send(s.text);
    };
    route(app, c.clientScript, async ({ params: p, actor, reply }) =>
      sendScript(reply, await clientScript(ctx, actor, client(p.clientId), undefined)),
    );
    route(app, c.clientScriptForType, async ({ params: p, actor, reply }) =>
      sendScript(reply, await clientScript(ctx, actor, client(p.clientId), p.isTest)),
    );
    route(app, c.applianceScript, async ({ params: p, actor, reply }) =>
      sendScript(reply, await applianceScriptOf(ctx, actor, parseId(p.applianceId, 'This appliance'))),
    );

    route(app, c.runningOffices, ({ query, actor }) => runningOffices(ctx, actor, query.page, query.rows));
    route(app, c.approvalRequests, ({ actor }) => approvalRequests(ctx, actor));
    route(app, c.approve, ({ body, actor, req }) => approveFailover(ctx, actor, body.failover_id, req.ip));
    route(app, c.refuse, ({ body, actor, req }) =>
      refuseFailover(ctx, actor, body.failover_id, body.reason, req.ip),
    );
    route(app, c.withdraw, ({ body, actor, req }) => withdrawFailover(ctx, actor, body.failover_id, req.ip));
    route(app, c.approvalSetting, ({ params, actor }) =>
      approvalSetting(ctx, actor, parseId(params.id, 'This reseller')),
    );
    route(app, c.saveApprovalSetting, ({ params, body, actor, req }) =>
      saveApprovalSetting(ctx, actor, parseId(params.id, 'This reseller'), body.approval_required, req.ip),
    );

    route(app, c.clientRunbooks, ({ params: p, actor }) =>
      clientRunbooks(ctx, actor, client(p.clientId), p.type, p.applianceId),
    );
    route(app, c.verifyRunbookPassword, ({ body, actor }) => verifyRunbookPassword(ctx, actor, body));
    route(app, c.checkRunbook, ({ body, actor }) => checkRunbook(ctx, actor, body));
    route(app, c.startRunbook, ({ body, actor, req }) => startRunbook(ctx, actor, body, req.ip));
    route(app, c.runbookFailoverStatus, ({ params, actor }) =>
      runbookFailoverStatus(ctx, actor, parseId(params.runbookId, 'This runbook')),
    );
    route(app, c.runbookList, ({ params, actor }) => runbookList(ctx, actor, client(params.clientId)));
    route(app, c.runbook, ({ params, actor }) =>
      getRunbook(ctx, actor, parseId(params.runbookId, 'This runbook')),
    );
    route(app, c.createRunbook, ({ body, actor, req }) => {
      const { client_id, ...form } = body;
      return createRunbook(ctx, actor, client_id, form, req.ip);
    });
    route(app, c.editRunbook, ({ params, body, actor, req }) =>
      editRunbook(ctx, actor, parseId(params.runbookId, 'This runbook'), body, req.ip),
    );
    route(app, c.copyRunbook, ({ params, actor, req }) =>
      copyRunbook(ctx, actor, parseId(params.runbookId, 'This runbook'), req.ip),
    );
    route(app, c.deleteRunbook, ({ params, actor, req }) =>
      deleteRunbook(ctx, actor, parseId(params.runbookId, 'This runbook'), req.ip),
    );
  };
}
