import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runMain } from './cleanup';
import { measure } from './load';
import { REPO_ROOT } from './paths';
import { prepareFleet } from './prepare';
import { runStreaming, tsxArgs } from './proc';
import { type ServerDatabase, startServer } from './server';
import { signIn } from './session';

// `npm run fleet-home -w @lifeboat/bench -- [--pg <url>]`: the alerts' work on the large fleet
// (issue 27's speed). On the run's own copy of the fleet, before the server starts: one
// evaluation of every rule (it opens the fleet's alerts), a second one (the steady state: the
// same conditions still hold), then the fleet home's ranking called in a process of its own
// (server time without HTTP). Then the server starts on that copy and the ranking is put under
// load as the provider's staff and as a distributor, with 1 connection (a request's own time)
// and with --connections (default 20, a closed loop: queueing included).

const USAGE = `Usage: npm run fleet-home -w @lifeboat/bench -- [--pg <url>] [--fleet large] [--seed 42]
  [--connections 20] [--duration 10] [--warmup 3] [--runs 50]
`;

const MEASURE = path.join(REPO_ROOT, 'packages/server/src/measure/alerts.ts');
const CALL = '/api/alerts/fleet_resellers?rows=25';

const urlOf = (d: ServerDatabase) => (d.kind === 'postgres' ? d.url : d.file);

/** The measuring script's JSON line. */
async function measured(database: ServerDatabase, what: string[]): Promise<unknown> {
  const { code, stdout } = await runStreaming(
    process.execPath,
    tsxArgs(MEASURE, [urlOf(database), ...what]),
    REPO_ROOT,
  );
  if (code !== 0) throw new Error(`${what[0]} failed (exit code ${code}).`);
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line);
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      pg: { type: 'string' },
      fleet: { type: 'string', default: 'large' },
      seed: { type: 'string', default: '42' },
      connections: { type: 'string', default: '20' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      runs: { type: 'string', default: '50' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const loadBefore = os.loadavg()[0] ?? 0;
  const { database, marker } = await prepareFleet({
    pg: values.pg ?? null,
    fleet: values.fleet,
    seed: Number(values.seed),
    rebuild: false,
  });
  const out: string[] = [];
  const say = (line: string) => {
    out.push(line);
    process.stderr.write(`${line}\n`);
  };
  say(
    `${marker.size} fleet (seed ${marker.seed}) on ${database.kind}; load average before: ${loadBefore.toFixed(2)}`,
  );

  const server = await startServer({
    database,
    prepare: async (copy) => {
      process.stderr.write('Evaluating every alert rule on the copy, twice...\n');
      const e = (await measured(copy, ['evaluate'])) as {
        first: { wallMs: number; cpuMs: number; result: Record<string, number> };
        second: { wallMs: number; cpuMs: number; result: Record<string, number> };
        openAlerts: number;
      };
      for (const [label, r] of [
        ['first evaluation (opens)', e.first],
        ['second evaluation (steady)', e.second],
      ] as const)
        say(`${label}: wall ${ms(r.wallMs)}, CPU of the process ${ms(r.cpuMs)}; ${JSON.stringify(r.result)}`);
      say(`open alerts: ${e.openAlerts}`);
      const r = (await measured(copy, ['rank', values.runs])) as Record<
        string,
        { p50: number; p95: number; max: number; cpuP50: number }
      >;
      for (const [who, t] of Object.entries(r))
        say(
          `ranking in process as ${who} (${values.runs} calls): p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, max ${ms(t.max)}, CPU p50 ${ms(t.cpuP50)}`,
        );
    },
  });
  try {
    for (const user of ['staff', 'distributor']) {
      const session = await signIn(server.url, user, 'demo');
      for (const connections of [1, Number(values.connections)]) {
        const r = await measure(
          { label: `GET ${CALL}`, method: 'GET', template: CALL, path: CALL, headers: session.headers },
          {
            baseUrl: server.url,
            connections,
            durationSeconds: Number(values.duration),
            warmupSeconds: Number(values.warmup),
          },
        );
        say(
          `HTTP as ${user}, ${connections} connection(s): ${Math.round(r.requestsPerSecond)} req/s, p50 ${ms(r.latencyMs.p50)}, p95 ${ms(r.latencyMs.p95)}, p99 ${ms(r.latencyMs.p99)}, non-2xx ${r.non2xx}`,
        );
        if (r.non2xx + r.errors > 0) return 2;
      }
    }
  } finally {
    await server.stop();
  }
  say(`load average after: ${(os.loadavg()[0] ?? 0).toFixed(2)}`);
  process.stdout.write(`\n${out.join('\n')}\n`);
  return 0;
}

runMain(() => main(process.argv.slice(2)), 'fleet-home');
