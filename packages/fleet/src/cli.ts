import path from 'node:path';
import { parseArgs } from 'node:util';
import { isPostgresUrl, migrateToLatest, openDb } from '@lifeboat/db';
import { type FleetCounts, type FleetProgress, generateFleet, LARGE_COUNTS } from './generator';

// npx tsx packages/fleet/src/cli.ts --db <sqlite path | postgres://...> [--seed 42]
//   [--size demo|large] [--systems N --clients N --resellers N ...] [--main-share F] [--now ISO-date]
// Migrates the database, generates a fleet, prints progress on stderr and a summary on stdout.

const USAGE = `Usage: fleet --db <sqlite file | postgres://...> [options]
  --seed N              seed of the fleet (default 42)
  --size demo|large     a preset (default demo, or custom when counts are given)
  --resellers N --clients N --systems N --distributors N
  --job-history N       job_history rows per system (default 100)
  --restore-points N    restore points per system (default 10)
  --autoverify N        AutoVerify results per system (default 2)
  --days N              days of history (default 90)
  --main-share F        share of the clients owned by the reseller demo account, 0 to 0.9
                        (default 0.02; a larger one makes one reseller with many systems)
  --now ISO|ms          end of the history (default: the current time)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function num(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a non-negative number, got "${v}"`);
  return n;
}

function parseNow(v: string | undefined): number {
  if (v === undefined) return Date.now();
  const n = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
  if (!Number.isFinite(n)) fail(`--now must be an ISO date or epoch milliseconds, got "${v}"`);
  return n;
}

function progressPrinter(started: number): (p: FleetProgress) => void {
  let lastAt = 0;
  let lastPhase = '';
  return (p) => {
    const t = performance.now();
    const phaseChanged = p.phase !== lastPhase;
    if (!phaseChanged && t - lastAt < 1000 && p.done < p.total) return;
    lastAt = t;
    lastPhase = p.phase;
    const pct = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 0;
    const secs = ((t - started) / 1000).toFixed(1);
    const detail =
      p.phase === 'systems' ? ` (${p.done.toLocaleString('en')}/${p.total.toLocaleString('en')})` : '';
    process.stderr.write(`[${secs}s] ${p.phase} ${pct}%${detail}\n`);
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      seed: { type: 'string' },
      size: { type: 'string' },
      resellers: { type: 'string' },
      clients: { type: 'string' },
      systems: { type: 'string' },
      distributors: { type: 'string' },
      'job-history': { type: 'string' },
      'restore-points': { type: 'string' },
      autoverify: { type: 'string' },
      days: { type: 'string' },
      'main-share': { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.db) fail('--db is required');
  const seed = num(values.seed, 'seed') ?? 42;
  const systems = num(values.systems, 'systems');
  const clients = num(values.clients, 'clients');
  const resellers = num(values.resellers, 'resellers');
  if (values.size && !['demo', 'large'].includes(values.size)) {
    fail(`--size must be demo or large, got "${values.size}"`);
  }
  const tuning: Partial<FleetCounts> = {
    distributors: num(values.distributors, 'distributors'),
    jobHistoryPerSystem: num(values['job-history'], 'job-history'),
    restorePointsPerSystem: num(values['restore-points'], 'restore-points'),
    autoverifyPerSystem: num(values.autoverify, 'autoverify'),
    historyDays: num(values.days, 'days'),
    mainResellerShare: num(values['main-share'], 'main-share'),
  };
  if ((tuning.mainResellerShare ?? 0) > 0.9) fail('--main-share must be at most 0.9');
  const given = Object.fromEntries(
    Object.entries({ systems, clients, resellers, ...tuning }).filter(([, v]) => v !== undefined),
  );
  const counted = Object.keys(given).length > 0;
  let size: 'demo' | 'large' | FleetCounts = 'demo';
  if (values.size === 'demo' && counted)
    fail('the demo fleet is drawn by hand: counts need --size large or no --size');
  if (values.size === 'large') size = counted ? { ...LARGE_COUNTS, ...given } : 'large';
  else if (counted) {
    // Counts alone: the rest scales like the large fleet (10 systems a client, 20 clients a reseller).
    const s = systems ?? (clients ?? (resellers ?? 20) * 20) * 10;
    const c = clients ?? Math.max(3, Math.round(s / 10));
    size = { ...tuning, systems: s, clients: c, resellers: resellers ?? Math.max(2, Math.round(c / 20)) };
  }
  // `npm run fleet` runs in packages/fleet; a relative path means the caller's directory.
  const url =
    isPostgresUrl(values.db) || values.db === ':memory:'
      ? values.db
      : path.resolve(process.env.INIT_CWD ?? process.cwd(), values.db);
  const started = performance.now();
  const dbh = await openDb({ url });
  try {
    await migrateToLatest(dbh.db);
    const summary = await generateFleet(dbh, {
      seed,
      size,
      now: parseNow(values.now),
      onProgress: progressPrinter(started),
    });
    const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    const lines = Object.entries(summary.rows).map(
      ([table, n]) => `  ${table.padEnd(24)} ${n.toLocaleString('en').padStart(12)}`,
    );
    process.stdout.write(
      `Fleet "${summary.size}" (seed ${seed}) written to ${isPostgresUrl(url) ? 'PostgreSQL' : url}\n${lines.join('\n')}\n` +
        `  ${'total rows'.padEnd(24)} ${total.toLocaleString('en').padStart(12)}\n` +
        `Generated in ${(summary.elapsedMs / 1000).toFixed(1)} s (with migrations ${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
    );
  } finally {
    await dbh.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`fleet: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
