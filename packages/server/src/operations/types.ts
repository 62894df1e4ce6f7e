import type {
  Clock,
  InputOf,
  OperationDef,
  OperationKinds,
  OperationRegistry,
  ParsedInputOf,
  ResultOf,
  StepOf,
} from '@lifeboat/contract';
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

/** Kinds of a registry (contract/src/operations.ts in the server, a small one in tests). */
export type KindOf<Reg extends OperationRegistry> = keyof Reg & string;

export interface EnqueueRequest<
  Reg extends OperationRegistry = OperationKinds,
  K extends KindOf<Reg> = KindOf<Reg>,
> {
  kind: K;
  /** Typed by the kind's input schema; parsed by it again when a worker leases the operation. */
  input: InputOf<Reg[K]>;
  resellerId?: number | null;
  clientId?: number | null;
  subjectType?: string | null;
  subjectId?: number | null;
  createdBy?: number | null;
  /** Epoch ms; defaults to now. */
  runAfter?: number;
  maxAttempts?: number;
}

export interface HandlerContext<D extends OperationDef = OperationDef> {
  op: Operation;
  /** The input as the kind's schema parsed it at lease time. */
  input: ParsedInputOf<D>;
  /** Persist progress 0..100 (and renew the lease). Throws LeaseLostError once the lease is gone. */
  progress(percent: number, step?: StepOf<D>): Promise<void>;
  /** Aborted when the lease is lost or the engine stops: stop early, nothing you write will count. */
  signal: AbortSignal;
  clock: Clock;
  /**
   * Write side effects and mark the operation succeeded in ONE transaction, fenced by the lease:
   * after a crash either both happened or neither did, and a worker that lost its lease writes
   * nothing. The value `work` returns becomes the result. Call it at most once, at the end.
   */
  complete(work: (trx: Transaction<Database>) => Promise<ResultOf<D>>): Promise<ResultOf<D>>;
}

/**
 * Returns the result (checked by the kind's result schema, stored as JSON), usually the value
 * ctx.complete() returned.
 */
export type OperationHandler<D extends OperationDef = OperationDef> = (
  ctx: HandlerContext<D>,
) => Promise<ResultOf<D>>;

/** The handler of one of the server's kinds: `HandlerFor<'autoverify.run'>`. */
export type HandlerFor<K extends keyof OperationKinds> = OperationHandler<OperationKinds[K]>;

/** The subset of pino (and Fastify's logger) the engine uses. */
export interface EngineLog {
  /** The engine's heartbeat (each scheduled run): kept out of an operator's log unless asked for. */
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLog: EngineLog = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A pino-style logger, or a plain line writer (each entry becomes one line; debug entries only
 * with `{ write, debug: true }`, so `npm start` does not print a line per scheduled run).
 */
export type EngineLogOption =
  | EngineLog
  | ((line: string) => void)
  | { write: (line: string) => void; debug: boolean };

export function toEngineLog(log: EngineLogOption | undefined): EngineLog {
  if (!log) return silentLog;
  if (typeof log !== 'function' && !('write' in log)) return log;
  const write = typeof log === 'function' ? log : log.write;
  const withDebug = typeof log !== 'function' && log.debug;
  const line = (level: string) => (obj: object, msg?: string) =>
    write(`${level} ${msg ?? ''} ${describe(obj)}`);
  return {
    debug: withDebug ? line('debug') : () => {},
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
  };
}

function describe(obj: object): string {
  return Object.entries(obj)
    .map(([k, v]) => `${k}=${v instanceof Error ? (v.stack ?? v.message) : JSON.stringify(v)}`)
    .join(' ');
}

export type Db = Kysely<Database>;
