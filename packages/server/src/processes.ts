import { fork } from 'node:child_process';
import cluster from 'node:cluster';

// Every core (docs/processes.md). With LIFEBOAT_PROCESSES above 1 the process `npm start` runs
// becomes a supervisor: it prepares the database once, then starts
//   - `web` processes, one per core, through Node's cluster module: they share the console's
//     listening socket, and the kernel gives each new connection to one that is accepting (not
//     the supervisor's round robin: a connection it had just handed to a process that died was
//     never answered nor closed, so a client waited forever);
//   - one `background` process (a plain child, not a cluster worker, so the FTPS server's control
//     and passive ports are its own sockets and a passive data connection always reaches the
//     process that announced it): the operation workers, schedules, the living fleet, alerts and
//     the FTPS server. Scheduling also claims each run in the database, so even two background
//     processes would not double a run (operations/scheduler.ts).
// A process that dies is started again; the others keep answering meanwhile.

export type ProcessRole = 'web' | 'background';

/** The role the supervisor gave this process, or null in the process `npm start` runs. */
export const ROLE_SETTING = 'LIFEBOAT_PROCESS_ROLE';

/**
 * Set by the process `npm start` runs when it has just generated the demo fleet, so that the
 * process running the background work (itself, or its child) adds the demo's restic client.
 */
export const FIRST_START_SETTING = 'LIFEBOAT_FIRST_START';

export function processRole(): ProcessRole | null {
  const r = process.env[ROLE_SETTING];
  return r === 'web' || r === 'background' ? r : null;
}

/** What a child tells the supervisor. */
export type ChildMessage =
  | { lifeboat: 'ready'; ftpsPort: number | null }
  | { lifeboat: 'failed'; message: string };

/** In a child: tell the supervisor (and wait until it is sent, before an exit). */
export function tellSupervisor(msg: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(msg, undefined, undefined, () => resolve());
  });
}

interface Child {
  role: ProcessRole;
  pid: number | undefined;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<void>;
}

/** A child that stops within this long of its start waits before it is started again. */
const QUICK_DEATH_MS = 5000;
const RESTART_PAUSE_MS = 1000;
const STOP_GRACE_MS = 10_000;

export interface SuperviseOptions {
  web: number;
  background: boolean;
  /** Once every child answers at its first start: print the banner. */
  onReady(ftpsPort: number | null): void;
  /** A child's own sentence why it could not start, at the first start: the start fails. */
  onStartFailed(message: string): void;
}

export function supervise(opts: SuperviseOptions): void {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const children = new Set<Child>();
  let closing = false;
  let started = false;
  let waiting = opts.web + (opts.background ? 1 : 0);
  let ftpsPort: number | null = null;

  const startFailed = (message: string) => {
    if (closing) return;
    closing = true;
    for (const c of children) c.kill('SIGKILL');
    opts.onStartFailed(message);
  };

  const start = (role: ProcessRole) => {
    const env = { [ROLE_SETTING]: role };
    const at = Date.now();
    let ready = false;
    let child: Child;
    const onMessage = (m: unknown) => {
      const msg = m as Partial<ChildMessage> | null;
      if (msg?.lifeboat === 'ready') {
        ready = true;
        if (role === 'background') ftpsPort = (msg as { ftpsPort: number | null }).ftpsPort;
        if (!started && --waiting === 0) {
          started = true;
          opts.onReady(ftpsPort);
        }
      } else if (msg?.lifeboat === 'failed') {
        const message = (msg as { message: string }).message;
        if (!started) startFailed(message);
        else process.stderr.write(`A ${role} process could not start again: ${message}\n`);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      children.delete(child);
      if (closing) return;
      if (!started) {
        if (!ready) startFailed(`a ${role} process stopped while starting (${signal ?? `code ${code}`}).`);
        return;
      }
      process.stderr.write(
        `The ${role} process ${child.pid} stopped (${signal ?? `code ${code}`}); starting another.\n`,
      );
      const pause = Date.now() - at < QUICK_DEATH_MS ? RESTART_PAUSE_MS : 0;
      setTimeout(() => {
        if (!closing) start(role);
      }, pause);
    };
    if (role === 'web') {
      const w = cluster.fork(env);
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      child = { role, pid: w.process.pid, kill: (s) => w.process.kill(s), exited };
      w.on('message', onMessage);
      w.on('exit', onExit);
    } else {
      const c = fork(process.argv[1] ?? '', process.argv.slice(2), {
        env: { ...process.env, ...env },
        execArgv: process.execArgv,
      });
      const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      child = { role, pid: c.pid, kill: (s) => c.kill(s), exited };
      c.on('message', onMessage);
      c.on('exit', onExit);
    }
    children.add(child);
  };

  for (let i = 0; i < opts.web; i++) start('web');
  if (opts.background) start('background');

  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${signal}: stopping...\n`);
    const all = [...children];
    for (const c of all) c.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const c of all) c.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await Promise.all(all.map((c) => c.exited));
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
