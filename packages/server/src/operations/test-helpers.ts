import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineOperation, type OperationLane } from '@lifeboat/contract';
import { type DbHandle, migrateToLatest, openDb, openTestDb, testEngine } from '@lifeboat/db';
import { z } from 'zod';

// Small helpers for the operations tests (not used by the server itself).

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Poll `check` until it is true; throws after `timeoutMs`. For real-time loops only. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs = 10_000,
  everyMs = 20,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

const anything = (lane: OperationLane = 'work') =>
  defineOperation({
    summary: 'A test kind.',
    input: z.unknown(),
    result: z.unknown(),
    steps: [] as readonly string[],
    lane,
  });

/** Kinds the engine's own tests enqueue: any input, any result. */
export const testKinds = {
  echo: anything(),
  other: anything(),
  slow: anything(),
  flaky: anything(),
  offline: anything(),
  busy: anything(),
  refused: anything(),
  job: anything(),
  crashy: anything(),
  quick: anything(),
  stuck: anything(),
  work: anything(),
  beat: anything('heartbeat'),
  typed: defineOperation({
    summary: 'A kind with schemas.',
    input: z.object({ n: z.number().int() }),
    result: z.object({ twice: z.number().int() }),
  }),
};

/**
 * Two handles on one migrated test database, each with its own connections (two pools on
 * PostgreSQL, two handles on one SQLite file), as two server instances would have.
 */
export async function openTwoHandles(
  name: string,
): Promise<{ first: DbHandle; second: DbHandle; close(): Promise<void> }> {
  if (testEngine() === 'postgres') {
    const tdb = await openTestDb(name);
    return { first: tdb.dbh, second: await tdb.connectAgain(), close: () => tdb.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lifeboat-${name}-`));
  const file = path.join(dir, `${name}.sqlite`);
  const first = await openDb({ url: file });
  await migrateToLatest(first.db);
  const second = await openDb({ url: file });
  return {
    first,
    second,
    close: async () => {
      await first.close();
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
