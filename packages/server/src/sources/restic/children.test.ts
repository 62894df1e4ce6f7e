import { spawn } from 'node:child_process';
import os from 'node:os';
import { expect, it } from 'vitest';
import { resticPriority, trackRestic } from './children';

// Every restic the console starts runs below the console's own priority, so a burst of syncs
// leaves the console's answers their share of the cores (bench/README.md, many sources).

it('runs a tracked child below the console’s priority', async () => {
  const child = trackRestic(spawn('sleep', ['30'], { stdio: 'ignore' }));
  const closed = new Promise((resolve) => child.once('close', resolve));
  try {
    expect(resticPriority()).toBeGreaterThan(os.getPriority());
    expect(os.getPriority(child.pid)).toBe(resticPriority());
  } finally {
    child.kill('SIGTERM');
    await closed;
  }
});
