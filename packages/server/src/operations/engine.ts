import { randomUUID } from 'node:crypto';
import {
  type Clock,
  type OperationKinds,
  type OperationLane,
  type OperationRegistry,
  operationKinds,
} from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { runOperation } from './run';
import { type ScheduleDef, type ScheduleFamily, Scheduler } from './scheduler';
import {
  type Fence,
  findOperation,
  insertOperation,
  insertScheduledRun,
  leaseDue,
  releaseLease,
} from './store';
import {
  type Db,
  type EngineLog,
  type EngineLogOption,
  type EnqueueRequest,
  type KindOf,
  type Operation,
  type OperationHandler,
  toEngineLog,
} from './types';

export interface OperationsEngineOptions<Reg extends OperationRegistry = OperationKinds> {
  dbh: DbHandle;
  /** The kinds this engine knows; the contract's registry unless a test brings its own. */
  kinds?: Reg;
  clock: Clock;
  /** Optional; a pino-style logger or a line writer. */
  log?: EngineLogOption;
  /** Unique per process; the lease owner written to the table. */
  workerId?: string;
  leaseMs?: number;
  pollMs?: number;
  /** How many long handlers (lane `work`) run at once in this process. */
  concurrency?: number;
  /** Slots kept for the `heartbeat` lane (the fleet's tick, sweeps), never taken by long work. */
  heartbeatConcurrency?: number;
}

interface Running {
  lane: OperationLane;
  fence: Fence;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Durable long-running work (ARCHITECTURE: 'Long work is an operation'). A request inserts a
 * row in its own transaction; workers in any number of processes lease due rows, run the
 * registered handler, renew the lease while it runs and record the outcome. A worker that dies
 * leaves a lease that lapses, and another worker runs the operation again: handlers must be
 * idempotent (see README in this folder and HandlerContext.complete).
 */
export class OperationsEngine<Reg extends OperationRegistry = OperationKinds> {
  readonly workerId: string;
  readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly slots: Record<OperationLane, number>;
  private readonly dbh: DbHandle;
  private readonly clock: Clock;
  private readonly kinds: Reg;
  private readonly scheduler: Scheduler;
  /** Handlers may log through the engine's logger. */
  readonly log: EngineLog;
  private readonly handlers = new Map<string, OperationHandler>();
  private readonly running = new Map<number, Running>();
  private started = false;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;

  constructor(opts: OperationsEngineOptions<Reg>) {
    this.dbh = opts.dbh;
    this.kinds = opts.kinds ?? (operationKinds as OperationRegistry as Reg);
    this.clock = opts.clock;
    this.log = toEngineLog(opts.log);
    this.workerId = opts.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 250;
    this.slots = { work: opts.concurrency ?? 4, heartbeat: opts.heartbeatConcurrency ?? 1 };
    this.scheduler = new Scheduler(this.dbh.db, this.log, (db, def, now, slot) =>
      insertScheduledRun(db, { kind: def.kind, input: def.input, runAfter: now, maxAttempts: 1 }, now, slot),
    );
  }

  /** Run `handler` for operations of `kind`; its input and result are typed by the registry. */
  register<K extends KindOf<Reg>>(kind: K, handler: OperationHandler<Reg[K]>): void {
    if (!this.kinds[kind]) throw new Error(`Operation kind ${kind} is not declared.`);
    if (this.handlers.has(kind)) throw new Error(`Operation kind ${kind} is already registered.`);
    this.handlers.set(kind, handler as OperationHandler);
  }

  /**
   * Run `kind` every `everyMs` (a row in `schedules`, see scheduler.ts); each run is an
   * operation with one attempt: a failed run is followed by the next one, not retried.
   */
  every<K extends KindOf<Reg>>(schedule: ScheduleDef<Reg, K>): void {
    this.scheduler.add(schedule as ScheduleDef<OperationRegistry, string>);
  }

  /** Run `kind` on the schedules of a run-time family (rows written with putSchedule). */
  everyOf<K extends KindOf<Reg>>(family: ScheduleFamily<Reg, K>): void {
    this.scheduler.addFamily(family as unknown as ScheduleFamily<OperationRegistry, string>);
  }

  /** Insert an operation with `db`, which may be the caller's transaction; returns its id. */
  enqueue<K extends KindOf<Reg>>(db: Db, req: EnqueueRequest<Reg, K>): Promise<number> {
    return insertOperation(db, req, this.clock.now());
  }

  get(id: number): Promise<Operation | null> {
    return findOperation(this.dbh.db, id);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Poll now (after an enqueue) instead of at the next interval. */
  wake(): void {
    if (this.started) this.schedule(0);
  }

  /**
   * Stop leasing, wait up to `graceMs` for running handlers, then abandon the rest: their
   * signals abort and their operations go back to the queue for another worker.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
    const runs = [...this.running.values()];
    let timeout: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => {
      timeout = setTimeout(() => resolve('timeout'), graceMs);
    });
    const outcome = await Promise.race([
      Promise.all(runs.map((r) => r.done)).then(() => 'done' as const),
      graceOver,
    ]);
    clearTimeout(timeout);
    if (outcome === 'done') return;
    for (const r of this.running.values()) {
      r.controller.abort(new Error('The operations engine is stopping.'));
      await releaseLease(this.dbh.db, r.fence, this.clock.now()).catch((err: unknown) =>
        this.log.warn({ err, operationId: r.fence.id }, 'could not release lease on stop'),
      );
    }
  }

  /**
   * Start the due scheduled runs, lease what is due and run it to the end; for tests and
   * scripts that drive time by hand.
   */
  async runOnce(): Promise<number> {
    const started = await this.leaseAndRun();
    await Promise.all(started.map((r) => r.done));
    return started.length;
  }

  private schedule(delayMs: number): void {
    if (!this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.poll(), delayMs);
  }

  private poll(): void {
    this.timer = null;
    this.pollAgain = false;
    this.polling = this.leaseAndRun()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err }, 'leasing operations failed'))
      .finally(() => {
        this.polling = null;
        this.schedule(this.pollAgain ? 0 : this.pollMs);
      });
  }

  private async leaseAndRun(): Promise<Running[]> {
    await this.scheduler
      .claimDue(this.clock.now())
      .catch((err: unknown) => this.log.error({ err }, 'starting scheduled runs failed'));
    const started: Running[] = [];
    for (const lane of ['heartbeat', 'work'] as const) started.push(...(await this.leaseLane(lane)));
    return started;
  }

  /** Each lane leases only its kinds, up to its own free slots. */
  private async leaseLane(lane: OperationLane): Promise<Running[]> {
    let busy = 0;
    for (const r of this.running.values()) if (r.lane === lane) busy++;
    const rows = await leaseDue(this.dbh.db, {
      owner: this.workerId,
      now: this.clock.now(),
      leaseMs: this.leaseMs,
      limit: this.slots[lane] - busy,
      kinds: [...this.handlers.keys()].filter((k) => this.kinds[k]?.lane === lane),
    });
    return rows.map((row) => {
      const fence: Fence = { id: Number(row.id), owner: this.workerId, attempts: Number(row.attempts) };
      const controller = new AbortController();
      const handler = this.handlers.get(row.kind);
      const run: Running = {
        lane,
        fence,
        controller,
        done: runOperation({
          row,
          fence,
          controller,
          handler,
          def: this.kinds[row.kind],
          db: this.dbh.db,
          clock: this.clock,
          log: this.log,
          leaseMs: this.leaseMs,
        }).finally(() => {
          this.running.delete(fence.id);
          this.wake();
        }),
      };
      this.running.set(fence.id, run);
      return run;
    });
  }
}
