import type { OperationRegistry } from '@lifeboat/contract';
import type { Db, EngineLog, EnqueueRequest, KindOf } from './types';

// Recurring work (the fleet's tick, the expiry sweep, later report schedules). The next run of
// each schedule is a row in `schedules`. A due run is started in two single statements, each
// safe to repeat and to race:
//   1. INSERT the run as an operation whose schedule_slot '<key>@<next_run_at>' is unique
//      (ON CONFLICT DO NOTHING): one operation per slot, whoever gets there first;
//   2. UPDATE schedules SET next_run_at = <next> WHERE key = ? AND next_run_at = <the slot>:
//      the guarded update moves the schedule on once.
// An instance that stops between the two leaves the row due: the next claim finds the slot's
// operation and only moves the schedule on. So a restart or a second instance neither skips
// nor doubles a run. Runs missed while no instance ran collapse into one, and the next run
// stays on the schedule's grid. (One statement at a time also keeps two SQLite handles in one
// process from waiting on each other inside a transaction.)

export interface ScheduleDef<Reg extends OperationRegistry, K extends KindOf<Reg> = KindOf<Reg>> {
  /** Unique name of the schedule: the row's key. */
  key: string;
  kind: K;
  input: EnqueueRequest<Reg, K>['input'];
  everyMs: number;
}

/**
 * Schedules created at run time (a report schedule per saved definition): each is a row whose key
 * starts with `prefix`, written with `putSchedule` and removed with `dropSchedule`. The next run
 * is computed by `next` (a calendar: the next Monday, the first of a month) instead of a fixed
 * interval; claiming is the same two statements as for declared schedules.
 */
export interface ScheduleFamily<Reg extends OperationRegistry, K extends KindOf<Reg> = KindOf<Reg>> {
  prefix: string;
  kind: K;
  /** The run's input, from the row's stored input and the slot being run. */
  input(rowInput: unknown, slotAt: number): EnqueueRequest<Reg, K>['input'];
  /** The next slot after `now` (later than `slotAt`). */
  next(rowInput: unknown, slotAt: number, now: number): number;
}

/** Create or move a run-time schedule's row (`key` starts with its family's prefix). */
export async function putSchedule(
  db: Db,
  row: { key: string; kind: string; input: unknown; nextRunAt: number },
  now: number,
): Promise<void> {
  const input = JSON.stringify(row.input ?? null);
  await db
    .insertInto('schedules')
    .values({
      key: row.key,
      kind: row.kind,
      input,
      interval_ms: 0,
      next_run_at: row.nextRunAt,
      operation_id: null,
      last_run_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ kind: row.kind, input, next_run_at: row.nextRunAt, updated_at: now }),
    )
    .execute();
}

export async function dropSchedule(db: Db, key: string): Promise<void> {
  await db.deleteFrom('schedules').where('key', '=', key).execute();
}

export async function scheduleNextRun(db: Db, key: string): Promise<number | null> {
  const row = await db
    .selectFrom('schedules')
    .select('next_run_at')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Number(row.next_run_at) : null;
}

/** Finished runs of scheduled kinds kept for inspection before they are pruned. */
const KEEP_RUNS_MS = 3_600_000;

/** The first time on the grid `from + k * everyMs` (k >= 1) that is later than `now`. */
export function nextRunAt(from: number, everyMs: number, now: number): number {
  if (from > now) return from;
  return from + (Math.floor((now - from) / everyMs) + 1) * everyMs;
}

/** Insert the slot's run; null when the slot already has one. */
type Enqueue = (
  db: Db,
  def: ScheduleDef<OperationRegistry, string>,
  now: number,
  slot: string,
) => Promise<number | null>;

export class Scheduler {
  private readonly defs = new Map<string, ScheduleDef<OperationRegistry, string>>();
  private readonly families: ScheduleFamily<OperationRegistry, string>[] = [];
  private ensured = false;

  constructor(
    private readonly db: Db,
    private readonly log: EngineLog,
    private readonly enqueue: Enqueue,
  ) {}

  add(def: ScheduleDef<OperationRegistry, string>): void {
    if (this.defs.has(def.key)) throw new Error(`Schedule ${def.key} is already declared.`);
    if (!(def.everyMs > 0)) throw new Error(`Schedule ${def.key} needs a positive interval.`);
    this.defs.set(def.key, def);
    this.ensured = false;
  }

  addFamily(family: ScheduleFamily<OperationRegistry, string>): void {
    if (this.families.some((f) => f.prefix === family.prefix))
      throw new Error(`Schedule family ${family.prefix} is already declared.`);
    this.families.push(family);
  }

  /** Start the runs that are due; answers how many were started by this instance. */
  async claimDue(now: number): Promise<number> {
    if (this.defs.size === 0 && this.families.length === 0) return 0;
    if (!this.ensured) {
      await this.ensureRows(now);
      this.ensured = true;
    }
    const keys = [...this.defs.keys()];
    const due = await this.db
      .selectFrom('schedules')
      .select(['key', 'next_run_at', 'operation_id', 'input'])
      .where((eb) =>
        eb.or([
          ...(keys.length > 0 ? [eb('key', 'in', keys)] : []),
          ...this.families.map((f) => eb('key', 'like', `${f.prefix}%`)),
        ]),
      )
      .where('next_run_at', '<=', now)
      .execute();
    let started = 0;
    for (const row of due) {
      const slotAt = Number(row.next_run_at);
      let def = this.defs.get(row.key);
      let next = def ? nextRunAt(slotAt, def.everyMs, now) : 0;
      const family = def ? undefined : this.families.find((f) => row.key.startsWith(f.prefix));
      if (family) {
        const stored: unknown = JSON.parse(row.input);
        def = { key: row.key, kind: family.kind, input: family.input(stored, slotAt), everyMs: 0 };
        next = family.next(stored, slotAt, now);
      }
      if (!def) continue;
      // The previous run is still queued or running: start the next one when it ends.
      if (row.operation_id !== null && (await this.inFlight(Number(row.operation_id)))) continue;
      if (await this.claim(def, slotAt, next, now)) started++;
    }
    return started;
  }

  private async claim(
    def: ScheduleDef<OperationRegistry, string>,
    slotAt: number,
    next: number,
    now: number,
  ) {
    const slot = `${def.key}@${slotAt}`;
    const created = await this.enqueue(this.db, def, now, slot);
    const operationId = created ?? (await this.slotOperation(slot));
    const res = await this.db
      .updateTable('schedules')
      .set({
        next_run_at: next,
        operation_id: operationId,
        last_run_at: now,
        updated_at: now,
      })
      .where('key', '=', def.key)
      .where('next_run_at', '=', slotAt)
      .executeTakeFirst();
    if (created === null) return false; // another instance (or an earlier try) started this slot
    if (Number(res.numUpdatedRows) === 1) {
      await this.db
        .deleteFrom('operations')
        .where('kind', '=', def.kind)
        .where('status', '=', 'succeeded')
        .where('finished_at', '<', now - KEEP_RUNS_MS)
        .execute();
    }
    this.log.debug({ schedule: def.key, operationId }, 'scheduled run started');
    return true;
  }

  private async slotOperation(slot: string): Promise<number | null> {
    const op = await this.db
      .selectFrom('operations')
      .select('id')
      .where('schedule_slot', '=', slot)
      .executeTakeFirst();
    return op ? Number(op.id) : null;
  }

  private async inFlight(operationId: number): Promise<boolean> {
    const op = await this.db
      .selectFrom('operations')
      .select('status')
      .where('id', '=', operationId)
      .executeTakeFirst();
    return op?.status === 'queued' || op?.status === 'running';
  }

  /** Create the rows of new schedules (due now) and keep the others' kind, input and interval. */
  private async ensureRows(now: number): Promise<void> {
    for (const def of this.defs.values()) {
      const input = JSON.stringify(def.input ?? null);
      await this.db
        .insertInto('schedules')
        .values({
          key: def.key,
          kind: def.kind,
          input,
          interval_ms: def.everyMs,
          next_run_at: now,
          operation_id: null,
          last_run_at: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      await this.db
        .updateTable('schedules')
        .set({ kind: def.kind, input, interval_ms: def.everyMs })
        .where('key', '=', def.key)
        .execute();
    }
  }
}
