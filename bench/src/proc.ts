import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { onCleanup } from './cleanup';

/** `node --import tsx <script>`: one process (npx would add two more to clean up). */
export function tsxArgs(script: string, args: string[]): string[] {
  return ['--import', 'tsx', script, ...args];
}

/** Stop a child: SIGTERM, then SIGKILL if it has not exited after graceMs. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Run a command with its output streamed to our stderr (our stdout is for the results); resolves
 * with its exit code and what it wrote on stdout.
 */
export async function runStreaming(
  cmd: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string }> {
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  const forget = onCleanup(
    () => stopChild(child),
    () => child.kill('SIGKILL'),
  );
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stdout = (stdout + chunk.toString()).slice(-20_000);
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  forget();
  return { code: code ?? (signal ? 128 : 1), stdout };
}
