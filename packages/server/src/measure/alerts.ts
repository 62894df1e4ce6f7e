import { migrateToLatest, openDb } from '@lifeboat/db';
import { evaluateAlerts } from '../areas/alerts/evaluate';
import { fleetResellers } from '../areas/alerts/list';
import type { Actor } from '../scope';
import { pct } from './percentile';

// Measurements of the alerts' database work on a copy of a generated fleet, run by the bench
// harness (bench/src/fleet-home.ts) in a process of its own: `node --import tsx
// packages/server/src/measure/alerts.ts <sqlite file | postgres url> evaluate|rank [runs]`.
// It prints one JSON line on stdout. Server time here is the call itself, in this process,
// without HTTP: wall time, and this process's CPU time (on SQLite the database works in it; on
// PostgreSQL its own processes do, so the wall time is the figure there).

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T } & Timing> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await work();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { result, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** A signed-in user of the provider's staff or of a distributor, as route() would build it. */
function actorOf(kind: 'provider' | 'distributor', organisationId: number): Actor {
  return {
    userId: 0,
    username: kind,
    name: kind,
    level: kind === 'provider' ? 1 : 2,
    organisationId,
    organisationName: kind,
    organisationKind: kind,
    isProvider: kind === 'provider',
    resellerId: null,
    clientId: null,
    distributorId: kind === 'distributor' ? organisationId : null,
    sessionId: 0,
    rights: new Set(),
    withheld: new Set(),
    timeZone: null,
  };
}

async function main(argv: string[]): Promise<void> {
  const [url, what, runsArg] = argv;
  if (!url || (what !== 'evaluate' && what !== 'rank'))
    throw new Error('Usage: alerts.ts <sqlite file | postgres url> evaluate|rank [runs]');
  const dbh = await openDb({ url });
  try {
    await migrateToLatest(dbh.db);
    if (what === 'evaluate') {
      // The time the server's own evaluation would use.
      const now = Date.now();
      const first = await timed(() => evaluateAlerts(dbh.db, now));
      // The steady state: the next period finds the same conditions still holding (updates).
      const second = await timed(() => evaluateAlerts(dbh.db, now + 60_000));
      const open = await dbh.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('resolved_at', 'is', null)
        .executeTakeFirstOrThrow();
      const out = { first, second, openAlerts: Number(open.n) };
      process.stdout.write(`${JSON.stringify(out)}\n`);
      return;
    }
    const runs = Number(runsArg ?? 50);
    const provider = await dbh.db
      .selectFrom('organisations')
      .select('id')
      .where('kind', '=', 'provider')
      .executeTakeFirstOrThrow();
    const distributor = await dbh.db
      .selectFrom('organisations')
      .select('id')
      .where('kind', '=', 'distributor')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const out: Record<string, { p50: number; p95: number; max: number; cpuP50: number }> = {};
    for (const [label, actor] of [
      ['staff', actorOf('provider', Number(provider.id))],
      ['distributor', actorOf('distributor', Number(distributor.id))],
    ] as const) {
      const walls: number[] = [];
      const cpus: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = await timed(() => fleetResellers(dbh.db, actor, { page: 1 + (i % 3), rows: 25 }));
        walls.push(t.wallMs);
        cpus.push(t.cpuMs);
      }
      walls.sort((a, b) => a - b);
      cpus.sort((a, b) => a - b);
      out[label] = {
        p50: pct(walls, 50),
        p95: pct(walls, 95),
        max: walls.at(-1) ?? 0,
        cpuP50: pct(cpus, 50),
      };
    }
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await dbh.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
