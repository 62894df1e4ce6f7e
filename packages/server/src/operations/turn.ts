import { setImmediate } from 'node:timers/promises';

// On SQLite every query runs synchronously and its promise is already settled, so a handler that
// only reads and writes the database never gives the event loop a turn: in a console of one
// process (LIFEBOAT_PROCESSES=1, the default on one core) every HTTP request waits for the whole
// run, seconds for an evaluation of the large fleet. Long scheduled work awaits this between its
// batches, so requests that arrived meanwhile are answered after at most one batch.

/** Let the event loop answer what is waiting (I/O, timers) before the next batch. */
export const nextTurn = (): Promise<void> => setImmediate();
