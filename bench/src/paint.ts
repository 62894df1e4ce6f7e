import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { runCleanups } from './cleanup';
import { ensureSqliteFleet } from './fleet';
import { percentile } from './load';
import { processCpuSeconds } from './machine';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  DASHBOARD_PARTS,
  formatCalls,
  isAsset,
  type Paint,
  type PartName,
  paintOnce,
  roundTrips,
} from './paint-core';
import { REPO_ROOT } from './paths';
import { startServer } from './server';

// `npm run paint -w @lifeboat/bench [-- runs] [--fleet large|demo]`: the reseller dashboard's first
// complete paint in Chromium, on the production build and the large fleet (or the demo fleet,
// seconds instead of minutes to prepare), from the press of Sign in to the frame that shows every
// block with its data (paint-core.ts). Prints each run, the median, the median of each part, and
// the calls of the median run in the order they started with the rounds they took (roundTrips):
// that count does not move with the machine's load, the times do.

/** The load average (1, 5, 15 minutes), as `uptime` shows it. */
const machineLoad = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { fleet: { type: 'string', default: 'large' } },
    allowPositionals: true,
  });
  const runs = Number(positionals[0] ?? 7);
  const size = values.fleet ?? 'large';
  if (!['large', 'demo'].includes(size)) throw new Error(`--fleet must be large or demo, got "${size}"`);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`The number of runs must be 1 or more.`);
  if (!fs.existsSync(path.join(REPO_ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build:web');
  }
  const fleet = await ensureSqliteFleet(size, 42);
  const server = await startServer({ database: { kind: 'sqlite', file: fleet.file } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  const paints: Paint[] = [];
  // The server's CPU time over a run (sign-in page, sign-in, every call and file, thumbnails
  // included), which moves far less with the machine's load than the wall time. Chromium's is
  // not counted: its processes come and go with each context, taking their CPU time with them.
  const serverCpu = () => processCpuSeconds(server.pid) ?? 0;
  const serverCpuMs: number[] = [];
  process.stdout.write(`${size} fleet; load before: ${machineLoad()}\n`);
  try {
    for (let i = 0; i < runs; i++) {
      const cpuBefore = serverCpu();
      const p = await paintOnce(browser, { baseUrl: server.url, username: 'reseller', password: 'demo' });
      serverCpuMs.push((serverCpu() - cpuBefore) * 1000);
      paints.push(p);
      const parts = Object.entries(p.parts)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ');
      process.stdout.write(
        `run ${i + 1}: ${p.ms.toFixed(0)} ms  (${parts}; server CPU ${serverCpuMs[i]?.toFixed(0)} ms)\n`,
      );
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
    const rounds = roundTrips(closest.calls, closest.ms);
    const before = closest.calls.filter((c) => c.end <= closest.ms);
    process.stdout.write(
      `requests before the paint: ${before.length} (${before.filter((c) => !isAsset(c)).length} data calls); ` +
        `rounds one after another: ${rounds.all} (${rounds.data} of data calls)\n`,
    );
  }
  const partMedians = (Object.keys(DASHBOARD_PARTS) as PartName[])
    .map((part) => {
      const at = Float64Array.from(paints.map((p) => p.parts[part] ?? Number.NaN)).sort();
      return `${part} ${percentile(at, 50).toFixed(0)}`;
    })
    .join(', ');
  process.stdout.write(`\nmedian of each part (ms from Sign in): ${partMedians}\n`);
  const srv = percentile(Float64Array.from(serverCpuMs).sort(), 50);
  process.stdout.write(
    `median server CPU per run (sign-in page to the last thumbnail): ${srv.toFixed(0)} ms\n`,
  );
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
