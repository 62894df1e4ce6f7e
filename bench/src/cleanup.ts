// One place that undoes what a bench started (server process, copied database), whether it ends
// normally, fails, or is interrupted with Ctrl-C: a benchmark must never leave a server behind.

type Cleanup = () => Promise<void> | void;
type SyncCleanup = () => void;

const tasks: Cleanup[] = [];
const lastResort: SyncCleanup[] = [];
let installed = false;
let running: Promise<void> | null = null;

/** Register an async cleanup (run in reverse order) and a synchronous last resort for 'exit'. */
export function onCleanup(task: Cleanup, syncFallback?: SyncCleanup): () => void {
  install();
  tasks.push(task);
  if (syncFallback) lastResort.push(syncFallback);
  return () => {
    const i = tasks.indexOf(task);
    if (i >= 0) tasks.splice(i, 1);
    if (syncFallback) {
      const j = lastResort.indexOf(syncFallback);
      if (j >= 0) lastResort.splice(j, 1);
    }
  };
}

export function runCleanups(): Promise<void> {
  running ??= (async () => {
    while (tasks.length > 0) {
      const task = tasks.pop()!;
      try {
        await task();
      } catch (err) {
        process.stderr.write(`cleanup failed: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
  })();
  return running;
}

/** Run a bench's main, clean up, then exit with its code (1 and the error when it throws). */
export function runMain(main: () => Promise<number>, name: string): void {
  main()
    .then(async (code) => {
      await runCleanups();
      process.exit(code);
    })
    .catch(async (err: unknown) => {
      process.stderr.write(
        `\n${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      await runCleanups();
      process.exit(1);
    });
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      // Ctrl-C reaches us twice (from the terminal and relayed by tsx): stop once.
      if (running) return;
      process.stderr.write(`\n${signal}: stopping the bench...\n`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
  // process.exit() skips async work: kill what is still alive synchronously.
  process.on('exit', () => {
    for (const fn of lastResort.splice(0)) {
      try {
        fn();
      } catch {
        // Nothing more can be done while exiting.
      }
    }
  });
}
