import { registerAlertDelivery } from '../areas/alerts/deliver';
import { registerAlertDigests } from '../areas/alerts/digest';
import { registerAlertEvaluation } from '../areas/alerts/evaluate';
import { registerAlertReminders } from '../areas/alerts/remind';
import { registerWebhookDelivery } from '../areas/alerts/webhooks/deliver';
import { registerAzureHandlers } from '../areas/azure/handlers';
import { AUTOVERIFY_RUN, autoVerifyHandler } from '../areas/devices/autoverify-handler';
import { registerFailoverHandlers } from '../areas/failover/handlers';
import { registerFtpsHandlers } from '../areas/ftps/handlers';
import { VM_OPERATION, vmActionHandler } from '../areas/inventory/vm-handler';
import { registerRecoveryHandlers } from '../areas/recovery/expiry-handlers';
import { REPORT_GENERATE, reportGenerateHandler } from '../areas/reports/generate-handler';
import { registerReportSchedules } from '../areas/reports/schedules';
import { registerSourceSync } from '../areas/sources/sync-handler';
import { localVmHandler } from '../areas/virtualization/local-vm-handler';
import { LOCAL_VM_OPERATION } from '../areas/virtualization/service';
import type { AppContext } from '../context';
import { registerFleetTick } from './fleet-tick';

/** Register every operation kind this server can run. */
export function registerOperationHandlers(ctx: AppContext): void {
  registerFleetTick(ctx.operations, ctx);
  ctx.operations.register(AUTOVERIFY_RUN, autoVerifyHandler(ctx));
  ctx.operations.register(VM_OPERATION, vmActionHandler(ctx));
  ctx.operations.register(LOCAL_VM_OPERATION, localVmHandler(ctx));
  registerRecoveryHandlers(ctx);
  registerFtpsHandlers(ctx);
  registerAzureHandlers(ctx);
  registerFailoverHandlers(ctx);
  ctx.operations.register(REPORT_GENERATE, reportGenerateHandler(ctx));
  registerReportSchedules(ctx);
  registerSourceSync(ctx);
  registerAlertEvaluation(ctx);
  registerAlertDelivery(ctx);
  registerAlertDigests(ctx);
  registerAlertReminders(ctx);
  registerWebhookDelivery(ctx);
}

/** The in-process workers: handlers and schedules, then leasing. */
export async function startOperations(ctx: AppContext): Promise<void> {
  registerOperationHandlers(ctx);
  ctx.operations.start();
}
