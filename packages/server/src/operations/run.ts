import type { Clock, OperationDef } from '@lifeboat/contract';
import { backoffMs, isRetryable, LeaseLostError, OperationError, userMessage } from './errors';
import {
  type Fence,
  markFailed,
  markRetry,
  markSucceeded,
  renewLease,
  saveProgress,
  toOperation,
} from './store';
import type { Db, EngineLog, HandlerContext, OperationHandler, OperationRow } from './types';

export interface RunArgs {
  row: OperationRow;
  fence: Fence;
  controller: AbortController;
  handler: OperationHandler | undefined;
  /** The kind's declaration: its input is parsed before the handler runs, its result after. */
  def: OperationDef | undefined;
  db: Db;
  clock: Clock;
  log: EngineLog;
  leaseMs: number;
}

/** Run one leased operation to its recorded outcome. Never throws. */
export async function runOperation(a: RunArgs): Promise<void> {
  const { fence, controller, db, clock, log, leaseMs } = a;
  const op = toOperation(a.row);
  const lost = () => {
    if (!controller.signal.aborted) controller.abort(new LeaseLostError(fence.id));
  };
  // Renew well before the lease lapses; a refused renewal means another worker owns it now.
  const renewal = setInterval(
    () => {
      renewLease(db, fence, clock.now(), leaseMs)
        .then((ok) => (ok ? undefined : lost()))
        .catch((err: unknown) => log.warn({ err, operationId: fence.id }, 'lease renewal failed'));
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  // An abandoned run (lease lost, engine stopping) must not keep renewing, even if its handler hangs.
  controller.signal.addEventListener('abort', () => clearInterval(renewal), { once: true });
  let completed = false;
  const checkResult = (value: unknown): unknown => {
    if (!a.def) return value;
    const parsed = a.def.result.safeParse(value);
    if (parsed.success) return parsed.data;
    log.error({ operationId: fence.id, kind: op.kind, issues: parsed.error.issues }, 'result off its schema');
    throw new OperationError('The operation finished with an unexpected result.');
  };
  const ctx: HandlerContext = {
    op,
    input: undefined,
    signal: controller.signal,
    clock,
    async progress(percent, step) {
      if (controller.signal.aborted) throw new LeaseLostError(fence.id);
      const p = Math.max(0, Math.min(100, Math.round(percent)));
      if (!(await saveProgress(db, fence, clock.now(), leaseMs, p, step))) {
        lost();
        throw new LeaseLostError(fence.id);
      }
    },
    async complete(work) {
      if (controller.signal.aborted) throw new LeaseLostError(fence.id);
      const result = await db.transaction().execute(async (trx) => {
        const value = checkResult(await work(trx));
        // The fence inside the same transaction: without the lease, the side effects roll back.
        if (!(await markSucceeded(trx, fence, clock.now(), value))) throw new LeaseLostError(fence.id);
        return value;
      });
      completed = true;
      return result;
    },
  };

  try {
    if (!a.handler) throw new OperationError(`No handler for operation kind ${op.kind}.`);
    if (op.attempts > op.maxAttempts) {
      // Only reachable when workers kept dying mid-run (lapsed leases count as attempts).
      throw new OperationError('The operation was interrupted too many times.');
    }
    if (a.def) {
      const input = a.def.input.safeParse(op.input);
      if (!input.success) {
        log.error(
          { operationId: fence.id, kind: op.kind, issues: input.error.issues },
          'input off its schema',
        );
        throw new OperationError('The operation was queued with an input it cannot run.');
      }
      ctx.input = input.data;
    } else ctx.input = op.input;
    const result = await a.handler(ctx);
    if (!completed && !(await markSucceeded(db, fence, clock.now(), checkResult(result)))) {
      log.warn({ operationId: fence.id, worker: fence.owner }, 'late completion refused: lease lost');
    }
  } catch (err) {
    await recordFailure(a, op.kind, err).catch((e: unknown) =>
      log.error({ err: e, operationId: fence.id }, 'could not record operation failure'),
    );
  } finally {
    clearInterval(renewal);
  }
}

async function recordFailure(a: RunArgs, kind: string, err: unknown): Promise<void> {
  const { fence, db, clock, log } = a;
  if (err instanceof LeaseLostError || a.controller.signal.aborted) {
    log.warn({ operationId: fence.id, kind }, 'operation abandoned: lease lost or engine stopping');
    return;
  }
  const message = userMessage(err);
  const now = clock.now();
  const final = !isRetryable(err) || fence.attempts >= Number(a.row.max_attempts);
  log.warn({ err, operationId: fence.id, kind, attempt: fence.attempts, final }, 'operation attempt failed');
  const ok = final
    ? await markFailed(db, fence, now, message)
    : await markRetry(db, fence, now, now + backoffMs(fence.attempts), message);
  if (!ok) log.warn({ operationId: fence.id }, 'late failure refused: lease lost');
}
