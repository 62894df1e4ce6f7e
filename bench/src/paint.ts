import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { runCleanups } from './cleanup';
import { ensureSqliteFleet } from './fleet';
import { percentile } from './load';
import { CHROMIUM, CHROMIUM_FLAGS, formatCalls, type Paint, paintOnce } from './paint-core';
import { REPO_ROOT } from './paths';
import { startServer } from './server';

// `npm run paint -w @lifeboat/bench [-- runs]`: the reseller dashboard's first complete paint in
// Chromium, on the production build and the large fleet, from the press of Sign in to the frame
// that shows every block with its data (paint-core.ts). Prints each run, the median, and the
// calls of the median run in the order they started.

/** The load average (1, 5, 15 minutes), as `uptime` shows it. */
const machineLoad = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 7);
  if (!fs.existsSync(path.join(REPO_ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build:web');
  }
  const fleet = await ensureSqliteFleet('large', 42);
  const server = await startServer({ database: { kind: 'sqlite', file: fleet.file } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  const paints: Paint[] = [];
  process.stdout.write(`load before: ${machineLoad()}\n`);
  try {
    for (let i = 0; i < runs; i++) {
      const p = await paintOnce(browser, { baseUrl: server.url, username: 'reseller', password: 'demo' });
      paints.push(p);
      const parts = Object.entries(p.parts)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ');
      process.stdout.write(`run ${i + 1}: ${p.ms.toFixed(0)} ms  (${parts})\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  process.stdout.write(`load after: ${machineLoad()}\n`);
  const sorted = Float64Array.from(paints.map((p) => p.ms)).sort();
  const median = percentile(sorted, 50);
  const closest = [...paints].sort((a, b) => Math.abs(a.ms - median) - Math.abs(b.ms - median))[0];
  if (closest) {
    process.stdout.write(`\ncalls of the run closest to the median (start, end in ms from Sign in):\n`);
    process.stdout.write(`${formatCalls(closest.calls)}\n`);
  }
  process.stdout.write(
    `\nfirst complete paint from sign-in over ${runs} runs: median ${median.toFixed(0)} ms, ` +
      `min ${sorted[0]?.toFixed(0)} ms, max ${sorted[sorted.length - 1]?.toFixed(0)} ms\n`,
  );
}

main()
  .catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
