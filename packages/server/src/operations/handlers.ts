import { AUTOVERIFY_RUN, autoVerifyHandler } from '../areas/devices/autoverify-handler';
import { VM_OPERATION, vmActionHandler } from '../areas/inventory/vm-handler';
import { registerRecoveryHandlers } from '../areas/recovery/expiry-handlers';
import type { AppContext } from '../context';
import { ensureFleetTicker, registerFleetTick } from './fleet-tick';

/** Register every operation kind this server can run. */
export function registerOperationHandlers(ctx: AppContext): void {
  registerFleetTick(ctx.operations, ctx);
  ctx.operations.register(AUTOVERIFY_RUN, autoVerifyHandler(ctx));
  ctx.operations.register(VM_OPERATION, vmActionHandler(ctx));
  registerRecoveryHandlers(ctx);
}

/** The in-process workers: handlers, the fleet's ticker, then leasing. */
export async function startOperations(ctx: AppContext): Promise<void> {
  registerOperationHandlers(ctx);
  await ensureFleetTicker(ctx.operations, ctx.dbh.db, ctx.clock.now());
  ctx.operations.start();
}
