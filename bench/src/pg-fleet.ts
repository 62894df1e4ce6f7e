import pg from 'pg';
import { onCleanup } from './cleanup';
import { describeCounts, type FleetCounts, type FleetMarker, GENERATOR_CLI, generatorSeconds } from './fleet';
import { REPO_ROOT } from './paths';
import { runStreaming, tsxArgs } from './proc';

// PostgreSQL mirrors the SQLite cache: the fleet is generated once into its own database
// (lifeboat_bench_<size>_<seed>), marked complete with a comment on that database, and each run
// works on CREATE DATABASE ... TEMPLATE copy that is dropped at the end.

export interface PgFleet {
  /** The run's own copy, for the server. */
  runUrl: string;
  marker: FleetMarker;
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function readMarker(c: pg.Client, name: string): Promise<FleetMarker | null> {
  const res = await c.query<{ comment: string | null }>(
    "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
    [name],
  );
  const comment = res.rows[0]?.comment;
  if (!comment) return null;
  try {
    return JSON.parse(comment) as FleetMarker;
  } catch {
    return null;
  }
}

const dbExists = async (c: pg.Client, name: string) =>
  ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;

async function countFleet(url: string): Promise<FleetCounts> {
  return admin(url, async (c) => {
    const count = async (table: string) =>
      Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0);
    return {
      organisations: await count('organisations'),
      protectedSystems: await count('protected_systems'),
      jobHistory: await count('job_history'),
    };
  });
}

/** The fleet in PostgreSQL (generated when missing), and a fresh copy of it for this run. */
export async function ensurePgFleet(
  adminUrl: string,
  size: string,
  seed: number,
  rebuild = false,
): Promise<PgFleet> {
  const name = `lifeboat_bench_${size.replace(/\W/g, '_')}_${seed}`;
  let marker = rebuild ? null : await admin(adminUrl, (c) => readMarker(c, name));

  if (!marker) {
    await admin(adminUrl, async (c) => {
      if (await dbExists(c, name)) await c.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${name}"`);
    });
    process.stderr.write(`Generating the ${size} fleet (seed ${seed}) into PostgreSQL database ${name}...\n`);
    const started = Date.now();
    const { code, stdout } = await runStreaming(
      process.execPath,
      tsxArgs(GENERATOR_CLI, ['--db', withDatabase(adminUrl, name), '--seed', String(seed), '--size', size]),
      REPO_ROOT,
    );
    const generationSeconds = (Date.now() - started) / 1000;
    if (code !== 0)
      throw new Error(`The fleet generator failed (exit code ${code}); ${name} is left unmarked.`);
    const counts = await countFleet(withDatabase(adminUrl, name));
    marker = {
      size,
      seed,
      generationSeconds,
      generatorSeconds: generatorSeconds(stdout),
      builtAt: new Date().toISOString(),
      bytes: 0,
      counts,
    };
    const text = JSON.stringify(marker).replace(/'/g, "''");
    await admin(adminUrl, (c) => c.query(`COMMENT ON DATABASE "${name}" IS '${text}'`));
    process.stderr.write(`Fleet ready in ${generationSeconds.toFixed(1)} s: ${describeCounts(counts)}.\n`);
  } else {
    process.stderr.write(
      `Cached ${size} fleet in PostgreSQL database ${name} (built ${marker.builtAt}): ${describeCounts(marker.counts)}.\n`,
    );
  }

  const runName = `lifeboat_bench_run_${process.pid}`;
  await admin(adminUrl, async (c) => {
    if (await dbExists(c, runName)) await c.query(`DROP DATABASE "${runName}" WITH (FORCE)`);
    // TEMPLATE needs no other session on the source: nothing but a run ever connects to it.
    await c.query(`CREATE DATABASE "${runName}" TEMPLATE "${name}"`);
  });
  onCleanup(() =>
    admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${runName}" WITH (FORCE)`)).then(() => {}),
  );
  return { runUrl: withDatabase(adminUrl, runName), marker };
}
