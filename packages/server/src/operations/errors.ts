import { FabricError } from '@lifeboat/contract';

/** A failure a handler raises on purpose: its message is shown to the user as is. */
export class OperationError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'OperationError';
  }
}

/** Another worker took the operation over (or the engine stopped): this run must not write. */
export class LeaseLostError extends Error {
  constructor(readonly operationId: number) {
    super(`Lease on operation ${operationId} was lost.`);
    this.name = 'LeaseLostError';
  }
}

export function isRetryable(err: unknown): boolean {
  if (err instanceof FabricError || err instanceof OperationError) return err.retryable;
  // Unknown errors (a database hiccup, a bug) get the benefit of the doubt.
  return true;
}

/** What the user reads; internals (SQL, stack traces) stay in the log. */
export function userMessage(err: unknown): string {
  if (err instanceof FabricError || err instanceof OperationError) return err.message;
  return 'The operation failed unexpectedly. Please try again or contact support.';
}

/** Exponential backoff after a failed attempt: 2 s, 4 s, 8 s ... capped at 5 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempt - 1), 300_000);
}
