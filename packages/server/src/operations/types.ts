import type { Clock } from '@lifeboat/contract';
import type { Database, OperationTable } from '@lifeboat/db';
import type { Kysely, Selectable, Transaction } from 'kysely';

export type OperationRow = Selectable<OperationTable>;
export type OperationStatus = OperationRow['status'];

/** An operation as the rest of the server sees it: JSON columns parsed. */
export interface Operation {
  id: number;
  kind: string;
  status: OperationStatus;
  resellerId: number | null;
  clientId: number | null;
  subjectType: string | null;
  subjectId: number | null;
  input: unknown;
  progress: number;
  step: string | null;
  result: unknown;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  runAfter: number;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

export interface EnqueueRequest {
  kind: string;
  input: unknown;
  resellerId?: number | null;
  clientId?: number | null;
  subjectType?: string | null;
  subjectId?: number | null;
  createdBy?: number | null;
  /** Epoch ms; defaults to now. */
  runAfter?: number;
  maxAttempts?: number;
}

export interface HandlerContext {
  op: Operation;
  input: unknown;
  /** Persist progress 0..100 (and renew the lease). Throws LeaseLostError once the lease is gone. */
  progress(percent: number, step?: string): Promise<void>;
  /** Aborted when the lease is lost or the engine stops: stop early, nothing you write will count. */
  signal: AbortSignal;
  clock: Clock;
  /**
   * Write side effects and mark the operation succeeded in ONE transaction, fenced by the lease:
   * after a crash either both happened or neither did, and a worker that lost its lease writes
   * nothing. The value `work` returns becomes the result. Call it at most once, at the end.
   */
  complete<R>(work: (trx: Transaction<Database>) => Promise<R>): Promise<R>;
}

/** Returns the result (stored as JSON) unless it finished through ctx.complete(). */
export type OperationHandler = (ctx: HandlerContext) => Promise<unknown>;

/** The subset of pino (and Fastify's logger) the engine uses. */
export interface EngineLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLog: EngineLog = { info() {}, warn() {}, error() {} };

/** A pino-style logger, or a plain line writer (each entry becomes one line). */
export type EngineLogOption = EngineLog | ((line: string) => void);

export function toEngineLog(log: EngineLogOption | undefined): EngineLog {
  if (!log) return silentLog;
  if (typeof log !== 'function') return log;
  const line = (level: string) => (obj: object, msg?: string) =>
    log(`${level} ${msg ?? ''} ${describe(obj)}`);
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

function describe(obj: object): string {
  return Object.entries(obj)
    .map(([k, v]) => `${k}=${v instanceof Error ? (v.stack ?? v.message) : JSON.stringify(v)}`)
    .join(' ');
}

export type Db = Kysely<Database>;
