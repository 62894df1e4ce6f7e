import type { AppContext } from './context';

/**
 * Start the in-process workers: register every operation handler, lease due operations, and
 * keep the simulated fleet alive. Wired to the operations engine once its handlers exist.
 */
export async function startBackgroundWork(ctx: AppContext): Promise<void> {
  ctx.operations.start();
}
