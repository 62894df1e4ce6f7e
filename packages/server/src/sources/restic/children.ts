import type { ChildProcess } from 'node:child_process';
import os from 'node:os';

// Every restic the console has running, so that stopping the console stops them too: restic is
// its own process, and one left running after the console has gone (a sync, the demo's build)
// would go on writing into the data folder and hold the repository's lock.

const running = new Set<ChildProcess>();
let stopping = false;
let started = 0;

/** How many restic runs this process has started (tests and bench/ count reads with it). */
export const resticRuns = () => started;
/** How long a restic has to stop after SIGTERM before it is killed. */
const GRACE_MS = 5_000;

/**
 * How much lower restic's scheduling priority is than the console's (nice). restic is CPU-bound
 * (key derivation, decryption, check) and a burst of syncs runs several at once: below the
 * console, they take the cores the console leaves, so its answers do not wait behind them.
 */
const RESTIC_NICE_STEP = 10;

/** The priority a restic started by this process runs at. */
export const resticPriority = () => Math.min(19, os.getPriority() + RESTIC_NICE_STEP);

/**
 * Keeps `child` until it closes, at a lower priority than the console's; once the console is
 * stopping, a new restic is stopped at once.
 */
export function trackRestic<C extends ChildProcess>(child: C): C {
  started++;
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, resticPriority());
    } catch {
      // It has already ended, or the system refused: it runs at the console's priority.
    }
  }
  running.add(child);
  child.once('close', () => running.delete(child));
  child.once('error', () => running.delete(child));
  if (stopping) child.kill('SIGTERM');
  return child;
}

/** Stops every running restic and resolves when all have closed (the console's shutdown). */
export async function stopAllRestic(): Promise<void> {
  stopping = true;
  const all = [...running];
  await Promise.all(
    all.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), GRACE_MS);
          child.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
