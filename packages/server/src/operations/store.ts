import type { OperationRegistry } from '@lifeboat/contract';
import type { OperationTable } from '@lifeboat/db';
import { dialectOf as dialect } from '@lifeboat/db';
import type { Insertable, Updateable } from 'kysely';
import type { Db, EnqueueRequest, Operation, OperationRow } from './types';

// Every statement the engine runs against the operations table. Updates made by a worker are
// fenced on (id, lease_owner, attempts, status='running'): attempts grows with every lease, so a
// worker whose lease lapsed and was taken over (even by itself) changes nothing.

export interface Fence {
  id: number;
  owner: string;
  attempts: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

export async function insertOperation(
  db: Db,
  req: EnqueueRequest<OperationRegistry, string>,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('operations')
    .values(operationValues(req, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Insert the run of a schedule's slot unless the slot already has one; its id, or null. */
export async function insertScheduledRun(
  db: Db,
  req: EnqueueRequest<OperationRegistry, string>,
  now: number,
  slot: string,
): Promise<number | null> {
  const row = await db
    .insertInto('operations')
    .values({ ...operationValues(req, now), schedule_slot: slot })
    .onConflict((oc) => oc.column('schedule_slot').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

function operationValues(req: EnqueueRequest<OperationRegistry, string>, now: number) {
  return {
    kind: req.kind,
    status: 'queued' as const,
    reseller_id: req.resellerId ?? null,
    client_id: req.clientId ?? null,
    subject_type: req.subjectType ?? null,
    subject_id: req.subjectId ?? null,
    input: JSON.stringify(req.input ?? null),
    progress: 0,
    step: null,
    result: null,
    error: null,
    attempts: 0,
    max_attempts: req.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    lease_owner: null,
    lease_expires_at: null,
    run_after: req.runAfter ?? now,
    created_by: req.createdBy ?? null,
    created_at: now,
    updated_at: now,
    finished_at: null,
  } satisfies Insertable<OperationTable>;
}

export async function findOperation(db: Db, id: number): Promise<Operation | null> {
  const row = await db.selectFrom('operations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toOperation(row) : null;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function toOperation(r: OperationRow): Operation {
  return {
    id: Number(r.id),
    kind: r.kind,
    status: r.status,
    resellerId: r.reseller_id === null ? null : Number(r.reseller_id),
    clientId: r.client_id === null ? null : Number(r.client_id),
    subjectType: r.subject_type,
    subjectId: r.subject_id === null ? null : Number(r.subject_id),
    input: parseJson(r.input),
    progress: Number(r.progress),
    step: r.step,
    result: parseJson(r.result),
    error: r.error,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    runAfter: Number(r.run_after),
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  };
}

export interface LeaseRequest {
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
  kinds: string[];
}

/**
 * Lease up to `limit` due operations: queued with run_after <= now, or running with a lapsed
 * lease (their worker died). Each lease counts as an attempt.
 */
export async function leaseDue(db: Db, req: LeaseRequest): Promise<OperationRow[]> {
  if (req.limit <= 0 || req.kinds.length === 0) return [];
  const due = (qb: Db) =>
    qb
      .selectFrom('operations')
      .select('id')
      .where('kind', 'in', req.kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', req.now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', req.now)]),
        ]),
      )
      .orderBy('run_after')
      .orderBy('id')
      .limit(req.limit);
  const claim = (qb: Db, ids: number[]) =>
    qb
      .updateTable('operations')
      .set((eb) => ({
        status: 'running',
        lease_owner: req.owner,
        ran_by: req.owner,
        lease_expires_at: req.now + req.leaseMs,
        attempts: eb('attempts', '+', 1),
        updated_at: req.now,
      }))
      .where('id', 'in', ids)
      .returningAll()
      .execute();

  if (dialect(db) === 'postgres') {
    // Rows another worker is leasing right now are skipped, not waited for: any number of
    // processes can poll the same table.
    return db.transaction().execute(async (trx) => {
      const rows = await due(trx).forUpdate().skipLocked().execute();
      if (rows.length === 0) return [];
      return claim(
        trx,
        rows.map((r) => Number(r.id)),
      );
    });
  }
  // SQLite: one statement is atomic, and writers are serialised by the database lock.
  return db
    .updateTable('operations')
    .set((eb) => ({
      status: 'running',
      lease_owner: req.owner,
      ran_by: req.owner,
      lease_expires_at: req.now + req.leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: req.now,
    }))
    .where('id', 'in', due(db))
    .returningAll()
    .execute();
}

/** Apply `set` only while this worker still holds the lease; true when the row was updated. */
async function updateFenced(db: Db, f: Fence, set: Updateable<OperationTable>): Promise<boolean> {
  const res = await db
    .updateTable('operations')
    .set(set)
    .where('id', '=', f.id)
    .where('lease_owner', '=', f.owner)
    .where('attempts', '=', f.attempts)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function renewLease(db: Db, f: Fence, now: number, leaseMs: number): Promise<boolean> {
  return updateFenced(db, f, { lease_expires_at: now + leaseMs, updated_at: now });
}

export function saveProgress(
  db: Db,
  f: Fence,
  now: number,
  leaseMs: number,
  percent: number,
  step: string | undefined,
): Promise<boolean> {
  return updateFenced(db, f, {
    progress: percent,
    ...(step === undefined ? {} : { step }),
    lease_expires_at: now + leaseMs,
    updated_at: now,
  });
}

export function markSucceeded(db: Db, f: Fence, now: number, result: unknown): Promise<boolean> {
  return updateFenced(db, f, {
    status: 'succeeded',
    progress: 100,
    result: JSON.stringify(result ?? null),
    error: null,
    lease_owner: null,
    lease_expires_at: null,
    updated_at: now,
    finished_at: now,
  });
}

export function markFailed(db: Db, f: Fence, now: number, error: string): Promise<boolean> {
  return updateFenced(db, f, {
    status: 'failed',
    error,
    lease_owner: null,
    lease_expires_at: null,
    updated_at: now,
    finished_at: now,
  });
}

/** Back to the queue for another attempt; the last error stays visible meanwhile. */
export function markRetry(db: Db, f: Fence, now: number, runAfter: number, error: string): Promise<boolean> {
  return updateFenced(db, f, {
    status: 'queued',
    error,
    lease_owner: null,
    lease_expires_at: null,
    run_after: runAfter,
    updated_at: now,
  });
}

/** Give the operation back without counting the attempt (the engine is stopping). */
export async function releaseLease(db: Db, f: Fence, now: number): Promise<boolean> {
  const res = await db
    .updateTable('operations')
    .set((eb) => ({
      status: 'queued',
      attempts: eb('attempts', '-', 1),
      lease_owner: null,
      lease_expires_at: null,
      run_after: now,
      updated_at: now,
    }))
    .where('id', '=', f.id)
    .where('lease_owner', '=', f.owner)
    .where('attempts', '=', f.attempts)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
