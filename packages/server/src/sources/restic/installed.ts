import { execFile } from 'node:child_process';

// Whether the `restic` command runs on the console's server: asked at start (one line in the log
// when it does not) and by the sources list (the add dialog then says how to install it). The
// answer is kept a minute, so a list does not start a process each time.

const KEEP_MS = 60_000;
let known: { at: number; installed: Promise<boolean> } | null = null;

export function resticInstalled(): Promise<boolean> {
  const now = Date.now();
  if (known && now - known.at < KEEP_MS) return known.installed;
  const installed = new Promise<boolean>((resolve) => {
    execFile('restic', ['version'], { timeout: 10_000 }, (err) => resolve(!err));
  });
  known = { at: now, installed };
  return installed;
}

export const INSTALL_COMMAND = 'apt-get install restic';
