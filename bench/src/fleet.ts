import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CACHE_DIR, REPO_ROOT } from './paths';
import { runStreaming, tsxArgs } from './proc';

// The fleet is generated once per (size, seed) into bench/.cache and reused: the large one takes
// minutes. A marker written after success tells a complete file from one an interrupted run left.

export const GENERATOR_CLI = path.join(REPO_ROOT, 'packages/fleet/src/cli.ts');

export interface FleetCounts {
  organisations: number;
  protectedSystems: number;
  jobHistory: number;
}

export interface FleetMarker {
  size: string;
  seed: number;
  /** Wall-clock seconds the generator process took (start-up and migrations included). */
  generationSeconds: number;
  /** The generator's own figure ("Generated in N s"), when it printed one. */
  generatorSeconds: number | null;
  builtAt: string;
  bytes: number;
  counts: FleetCounts;
}

export interface SqliteFleet {
  file: string;
  marker: FleetMarker;
  reused: boolean;
}

/** The generator CLI ends with "Generated in 123.4 s (with migrations ...)". */
export function generatorSeconds(stdout: string): number | null {
  const m = /Generated in ([\d.]+) s/.exec(stdout);
  return m?.[1] ? Number(m[1]) : null;
}

/** A fleet drawn with more generator options (a burst needs one reseller with many systems). */
export interface FleetVariant {
  /** Part of the cached file's name, so that the plain fleet of the same size stays as it is. */
  name: string;
  /** More options for the generator (packages/fleet/src/cli.ts). */
  args: string[];
}

export const fleetFile = (size: string, seed: number, variant?: FleetVariant) =>
  path.join(CACHE_DIR, `${size}${variant ? `-${variant.name}` : ''}-${seed}.sqlite`);
const markerFile = (file: string) => `${file}.done.json`;
const sidecars = (file: string) => [`${file}-wal`, `${file}-shm`, `${file}-journal`];

export function readMarker(file: string): FleetMarker | null {
  try {
    const marker = JSON.parse(fs.readFileSync(markerFile(file), 'utf8')) as FleetMarker;
    // A file changed after it was marked (a server run on the cache itself) is not trusted.
    return fs.statSync(file).size === marker.bytes ? marker : null;
  } catch {
    return null;
  }
}

/** The cached SQLite fleet, generated first when missing or incomplete. */
export async function ensureSqliteFleet(
  size: string,
  seed: number,
  rebuild = false,
  variant?: FleetVariant,
): Promise<SqliteFleet> {
  const file = fleetFile(size, seed, variant);
  const marker = rebuild ? null : readMarker(file);
  if (marker) return { file, marker, reused: true };

  if (!fs.existsSync(GENERATOR_CLI)) {
    throw new Error(`The fleet generator (${path.relative(REPO_ROOT, GENERATOR_CLI)}) does not exist yet.`);
  }
  for (const f of [file, markerFile(file), ...sidecars(file)]) fs.rmSync(f, { force: true });
  fs.mkdirSync(CACHE_DIR, { recursive: true });

  process.stderr.write(
    `Generating the ${size}${variant ? ` ${variant.name}` : ''} fleet (seed ${seed}) into ${path.relative(REPO_ROOT, file)}...\n`,
  );
  const started = Date.now();
  const { code, stdout } = await runStreaming(
    process.execPath,
    tsxArgs(GENERATOR_CLI, ['--db', file, '--seed', String(seed), '--size', size, ...(variant?.args ?? [])]),
    REPO_ROOT,
  );
  const generationSeconds = (Date.now() - started) / 1000;
  if (code !== 0) {
    for (const f of [file, ...sidecars(file)]) fs.rmSync(f, { force: true });
    throw new Error(`The fleet generator failed (exit code ${code}); the partial file was deleted.`);
  }

  const counts = finishFile(file);
  const done: FleetMarker = {
    size: variant ? `${size} ${variant.name}` : size,
    seed,
    generationSeconds,
    generatorSeconds: generatorSeconds(stdout),
    builtAt: new Date().toISOString(),
    bytes: fs.statSync(file).size,
    counts,
  };
  fs.writeFileSync(markerFile(file), `${JSON.stringify(done, null, 2)}\n`);
  process.stderr.write(`Fleet ready in ${generationSeconds.toFixed(1)} s: ${describeCounts(counts)}.\n`);
  return { file, marker: done, reused: false };
}

/** Fold the WAL into the main file (so one file is the whole fleet) and count what is in it. */
function finishFile(file: string): FleetCounts {
  const db = new SQLite(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
    const count = (table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      organisations: count('organisations'),
      protectedSystems: count('protected_systems'),
      jobHistory: count('job_history'),
    };
  } finally {
    db.close();
  }
}

export const describeCounts = (c: FleetCounts) =>
  `${c.organisations.toLocaleString('en')} organisations, ${c.protectedSystems.toLocaleString('en')} protected systems, ${c.jobHistory.toLocaleString('en')} job-history rows`;
