import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { runCleanups } from './cleanup';
import { ensureSqliteFleet } from './fleet';
import { percentile } from './load';
import { REPO_ROOT } from './paths';
import { startServer } from './server';

// `npm run paint -w @lifeboat/bench [-- runs]`: the reseller dashboard's first complete paint in
// Chromium, on the production build and the large fleet. Each run is a fresh browser context
// (empty HTTP cache) signed in through the API; the time is from navigation start to the first
// frame in which every block shows its data: the four cards, the chart, the feeds and the three
// tables with rows.

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

// Runs in the page. This package is built without the DOM types, hence the small shape below;
// a function (not a string) because the console's CSP forbids eval.
interface El {
  querySelector(s: string): El | null;
}
function complete(): boolean {
  const doc = (globalThis as unknown as { document: El & { querySelectorAll(s: string): ArrayLike<El> } })
    .document;
  const tables = Array.from(doc.querySelectorAll('[data-table]'));
  return (
    doc.querySelector('[data-glance="clients"]') !== null &&
    doc.querySelector('[data-chart-line]') !== null &&
    doc.querySelector('details[data-feed]') !== null &&
    doc.querySelector('[aria-label$="clients are SLA-compliant"]') !== null &&
    tables.length === 3 &&
    tables.every((t) => t.querySelector('[data-row-id]') !== null)
  );
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 7);
  if (!fs.existsSync(path.join(REPO_ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build:web');
  }
  const fleet = await ensureSqliteFleet('large', 42);
  const server = await startServer({ database: { kind: 'sqlite', file: fleet.file } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1440, height: 900 },
      });
      const login = await context.request.post('/api/session', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        data: { username: 'reseller', password: 'demo' },
      });
      if (!login.ok()) throw new Error(`Sign-in failed: ${login.status()}`);
      // tsx names the functions it compiles with a helper the page lacks; give it one.
      await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      const page = await context.newPage();
      await page.goto('/home/reseller-dashboard', { waitUntil: 'commit' });
      if (process.env.PAINT_TRACE === '1') {
        // When each part first showed, in ms from navigation start.
        await page.evaluate(() => {
          const g = globalThis as unknown as {
            document: {
              querySelector(s: string): unknown;
              querySelectorAll(s: string): ArrayLike<{ querySelector(s: string): unknown }>;
            };
            performance: { now(): number };
            requestAnimationFrame(f: () => void): void;
            __parts: Record<string, number>;
          };
          g.__parts = {};
          const parts: Record<string, () => boolean> = {
            glance: () => g.document.querySelector('[data-glance="clients"]') !== null,
            chart: () => g.document.querySelector('[data-chart-line]') !== null,
            feeds: () => g.document.querySelector('details[data-feed]') !== null,
            health: () => g.document.querySelector('[aria-label$="clients are SLA-compliant"]') !== null,
            tables: () =>
              Array.from(g.document.querySelectorAll('[data-table]')).filter((t) =>
                t.querySelector('[data-row-id]'),
              ).length === 3,
          };
          const tick = () => {
            for (const [k, f] of Object.entries(parts))
              if (!(k in g.__parts) && f()) g.__parts[k] = g.performance.now();
            if (Object.keys(g.__parts).length < Object.keys(parts).length) g.requestAnimationFrame(tick);
          };
          tick();
        });
      }
      await page.waitForFunction(complete, undefined, { polling: 'raf', timeout: 30_000 });
      const ms = await page.evaluate(() =>
        (globalThis as unknown as { performance: { now(): number } }).performance.now(),
      );
      times.push(ms);
      if (process.env.PAINT_TRACE === '1' && i === runs - 1) {
        // Where the time goes: each resource's start and end, in ms from navigation start.
        const entries = await page.evaluate(() =>
          (
            globalThis as unknown as {
              performance: {
                getEntriesByType(t: string): { name: string; startTime: number; responseEnd: number }[];
              };
            }
          ).performance
            .getEntriesByType('resource')
            .map(
              (e) =>
                `${e.startTime.toFixed(0).padStart(5)} ${e.responseEnd.toFixed(0).padStart(5)} ${e.name}`,
            ),
        );
        process.stdout.write(`${entries.join('\n')}\n`);
        const parts = await page.evaluate(
          () => (globalThis as unknown as { __parts: Record<string, number> }).__parts,
        );
        process.stdout.write(`parts: ${JSON.stringify(parts)}\n`);
      }
      process.stdout.write(`run ${i + 1}: ${ms.toFixed(0)} ms\n`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const sorted = Float64Array.from(times).sort();
  process.stdout.write(
    `first complete paint over ${runs} runs: median ${percentile(sorted, 50).toFixed(0)} ms, ` +
      `min ${sorted[0]?.toFixed(0)} ms, max ${sorted[sorted.length - 1]?.toFixed(0)} ms\n`,
  );
}

main()
  .catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
