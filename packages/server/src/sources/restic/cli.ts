import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { SOURCE_ENV_KEYS } from '@lifeboat/contract';
import { trackRestic } from './children';

// Running restic for one repository. The password and the remote's keys go to restic through its
// environment (RESTIC_PASSWORD, AWS_*), never on its command line, where every local account
// could read them (ps). Only the variables named here reach restic: not the console's own.

export interface Repository {
  /** A location already checked by checkLocation(). */
  location: string;
  password: string;
  /** Extra variables for remote repositories (S3 keys, REST credentials), from SOURCE_ENV_KEYS only. */
  env?: Readonly<Record<string, string>>;
  /** restic's own cache (the console's data folder), so each call does not start cold. */
  cacheDir?: string;
}

export type ResticFailure =
  | 'not_installed'
  | 'wrong_password'
  | 'not_found'
  | 'not_a_repository'
  | 'locked'
  | 'unreachable'
  | 'failed';

/** What went wrong, as a sentence the person who added the source can act on. */
export class ResticError extends Error {
  constructor(
    readonly failure: ResticFailure,
    message: string,
    /** restic's own last line, for the server log (never holds the password). */
    readonly detail = '',
  ) {
    super(message);
  }
}

export const SENTENCES: Record<ResticFailure, string> = {
  not_installed:
    'restic is not installed on the console’s server: its operator installs it with apt-get install restic.',
  wrong_password: 'The repository refused the password: check it and try again.',
  not_found: 'There is no repository at this location.',
  not_a_repository: 'This folder is not a restic repository.',
  locked: 'Another restic is working on this repository right now: try again when it has finished.',
  unreachable: 'The repository could not be reached: check the address and that its server is up.',
  failed: 'restic could not read the repository.',
};

/** The kind of failure behind restic's message on stderr (restic 0.14's wording). */
export function classify(stderr: string): ResticFailure {
  if (/wrong password or no key found/i.test(stderr)) return 'wrong_password';
  if (/already locked|unable to create lock/i.test(stderr)) return 'locked';
  // Before "Is there a repository...", which restic also prints when it could not connect.
  if (/connection refused|no such host|timeout|dial tcp|network is unreachable/i.test(stderr))
    return 'unreachable';
  // restic says the same of a missing folder and of a folder without a repository: the caller,
  // which can look at a local folder, tells the two apart (openRepository).
  if (/Is there a repository at the following location/i.test(stderr)) return 'not_a_repository';
  return 'failed';
}

function environment(repo: Repository): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C',
    RESTIC_PASSWORD: repo.password,
  };
  if (repo.cacheDir) env.RESTIC_CACHE_DIR = repo.cacheDir;
  for (const key of SOURCE_ENV_KEYS) if (repo.env?.[key]) env[key] = repo.env[key];
  return env;
}

/** restic's arguments: the repository first, as one `--repo=` argument, then the command's. */
const argv = (repo: Repository, args: readonly string[]) => [`--repo=${repo.location}`, ...args];

/** restic's stdout as a stream (dump), with its failure as a ResticError on `done`. */
export function resticStream(
  repo: Repository,
  args: readonly string[],
): { stdout: Readable; done: Promise<void>; kill: () => void } {
  const child: ChildProcessByStdio<null, Readable, Readable> = trackRestic(
    spawn('restic', argv(repo, args), { env: environment(repo), stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new ResticError('not_installed', SENTENCES.not_installed)
          : new ResticError('failed', SENTENCES.failed, err.message),
      ),
    );
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const failure = classify(stderr);
      reject(new ResticError(failure, SENTENCES[failure], stderr.trim().split('\n').slice(-1)[0] ?? ''));
    });
  });
  return { stdout: child.stdout, done, kill: () => child.kill('SIGTERM') };
}

/** Runs restic to its end and answers its stdout. */
export async function restic(repo: Repository, args: readonly string[]): Promise<string> {
  const run = resticStream(repo, args);
  const chunks: Buffer[] = [];
  run.stdout.on('data', (d: Buffer) => chunks.push(d));
  await run.done;
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs restic with --json and parses each line of its output. */
export async function resticJsonLines(repo: Repository, args: readonly string[]): Promise<unknown[]> {
  const out = await restic(repo, ['--json', ...args]);
  return out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);
}
