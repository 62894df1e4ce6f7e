import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { onCleanup, runMain } from './cleanup';
import { ensureSqliteFleet, type FleetMarker } from './fleet';
import { type Floor, readQueryLogs, replay } from './floor';
import { type CallResult, measure } from './load';
import { cpuMeter, otherCpuShare, processCpuSeconds, processTree } from './machine';
import { MIX, type MixSession, nextRequest, type SessionName, seeded } from './mix';
import { f2, type PerCall, recordAnswer, summarise, table } from './mix-table';
import { type OpenLoopResult, openLoop } from './open-loop';
import { REPO_ROOT } from './paths';
import { ensurePgFleet } from './pg-fleet';
import { resolveIds } from './placeholders';
import { ratiosTo, writeResults } from './report';
import { sampleFleet } from './sample';
import { type ServerDatabase, startServer } from './server';
import { type SignedIn, signIn } from './session';

// `npm run mixed -w @lifeboat/bench -- [--pg <url>]`: the bare route, then ONE load in which every
// request is a different call of the mix (mix.ts) by the staff, a reseller or a client user, with
// random ids, filters, searches and pages. Per call p50/p95/p99, and the whole mix's throughput
// as a share of the bare route's, measured in the same run.

const USAGE = `Usage: npm run mixed -w @lifeboat/bench -- [options]

  --fleet large|demo   fleet (default large)      --seed <n>         fleet seed (default 42)
  --pg <url>           on PostgreSQL               --connections <n>  (default 20)
  --duration <s>       measured seconds (default 30)   --warmup <s>   (default 5)
  --mix-seed <n>       seed of the random mix (default 1)
  --sample <n>         random systems of the whole fleet to draw from (default 2000)
  --processes <n|auto> LIFEBOAT_PROCESSES of the server (default auto, as npm start)
  --rates <list>       open-loop rates, requests a second (default 250,500,1000,2000; 0: none)
  --rate-seconds <s>   measured seconds per rate (default 8, after 2 s at that rate unrecorded)
  --floor-seconds <s>  seconds of the mix whose queries are replayed for the floor (default 5; 0: none)
  --profile <dir>      write the server's CPU profile (node --cpu-prof) and its time per SQL
                       text (LIFEBOAT_QUERY_STATS) into <dir>
`;

interface MixedArgs {
  fleet: string;
  seed: number;
  pg: string | null;
  connections: number;
  duration: number;
  warmup: number;
  mixSeed: number;
  sample: number;
  /** A folder for the server's CPU profile (node --cpu-prof), written when it stops. */
  profile: string | null;
  processes: string;
  rates: number[];
  rateSeconds: number;
  floorSeconds: number;
}

function parse(argv: string[]): MixedArgs | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      fleet: { type: 'string', default: 'large' },
      seed: { type: 'string', default: '42' },
      pg: { type: 'string' },
      connections: { type: 'string', default: '20' },
      duration: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '5' },
      'mix-seed': { type: 'string', default: '1' },
      sample: { type: 'string', default: '2000' },
      profile: { type: 'string' },
      processes: { type: 'string', default: 'auto' },
      rates: { type: 'string', default: '250,500,1000,2000' },
      'rate-seconds': { type: 'string', default: '8' },
      'floor-seconds': { type: 'string', default: '5' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const n = (name: string, v: string, min = 1) => {
    const x = Number(v);
    if (!Number.isInteger(x) || x < min) throw new Error(`--${name} must be a whole number >= ${min}.`);
    return x;
  };
  return {
    fleet: values.fleet,
    seed: n('seed', values.seed, 0),
    pg: values.pg ?? null,
    connections: n('connections', values.connections),
    duration: n('duration', values.duration),
    warmup: n('warmup', values.warmup, 0),
    mixSeed: n('mix-seed', values['mix-seed'], 0),
    sample: n('sample', values.sample),
    profile: values.profile ?? null,
    processes: values.processes === 'auto' ? 'auto' : String(n('processes', values.processes)),
    rates: values.rates === '0' ? [] : values.rates.split(',').map((r) => n('rates', r.trim())),
    rateSeconds: n('rate-seconds', values['rate-seconds']),
    floorSeconds: n('floor-seconds', values['floor-seconds'], 0),
  };
}

async function prepare(args: MixedArgs): Promise<{ database: ServerDatabase; marker: FleetMarker }> {
  if (args.pg) {
    const fleet = await ensurePgFleet(args.pg, args.fleet, args.seed);
    return { database: { kind: 'postgres', url: fleet.runUrl }, marker: fleet.marker };
  }
  const fleet = await ensureSqliteFleet(args.fleet, args.seed);
  return { database: { kind: 'sqlite', file: fleet.file }, marker: fleet.marker };
}

/** The mixed load: one autocannon run whose every request is drawn by setupRequest. */
function runMix(
  baseUrl: string,
  sessions: (MixSession & { headers: Record<string, string> })[],
  orgNames: string[],
  opts: { connections: number; duration: number; seed: number },
  record: boolean,
): Promise<{ result: Result; perCall: Map<string, PerCall> }> {
  const random = seeded(opts.seed);
  const perCall = new Map<string, PerCall>();
  const headersOf = new Map(sessions.map((s) => [s.name, s.headers]));
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: opts.connections,
        duration: opts.duration,
        requests: [
          {
            setupRequest: (req, context) => {
              const next = nextRequest(random, sessions, orgNames);
              context.label = next.label;
              context.session = next.session;
              const headers: Record<string, string> = { ...headersOf.get(next.session) };
              if (next.contentType) headers['Content-Type'] = next.contentType;
              return { ...req, method: next.method, path: next.path, headers, body: next.body ?? '' };
            },
          },
        ],
      },
      (err, result) => {
        forget();
        if (err) reject(err);
        else resolve({ result, perCall });
      },
    );
    const forget = onCleanup(() => instance.stop());
    if (!record) return;
    instance.on('response', (client, status, bytes, ms) => {
      const ctx = (client as { requestIterator: { context: { label?: string; session?: SessionName } } })
        .requestIterator.context;
      recordAnswer(perCall, ctx.label ?? '?', ctx.session, status, bytes, ms);
    });
  });
}

/** The p95 under which every call must stay for a rate to count as served. */
const CAPACITY_P95 = 25;

/** Per call, p50/p95/p99 at each rate, one column group per rate. */
function openLoopTable(
  rates: { rate: number; rows: ReturnType<typeof summarise>; res: OpenLoopResult }[],
): string {
  const labels = [...new Set(rates.flatMap((r) => r.rows.map((c) => c.label)))];
  const header = ['call (open loop, p50/p95/p99 ms)', ...rates.map((r) => `${r.rate}/s`)];
  const body = labels.map((label) => [
    label,
    ...rates.map((r) => {
      const c = r.rows.find((x) => x.label === label);
      return c ? `${f2(c.p50)}/${f2(c.p95)}${c.p95 >= CAPACITY_P95 ? '>' : ''}/${f2(c.p99)}` : '-';
    }),
  ]);
  body.push([
    'sent / errors / harness lag ms',
    ...rates.map((r) => `${r.res.sent} / ${r.res.errors} / ${r.res.maxLagMs.toFixed(0)}`),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (args === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const busy = await otherCpuShare();
  if (busy > 0.2)
    process.stderr.write(
      `!! Other work uses ${Math.round(busy * 100)}% of the ${os.cpus().length} cores: expect noisy figures.\n`,
    );
  const { database, marker } = await prepare(args);
  process.stderr.write('Starting the server...\n');
  if (args.profile) fs.mkdirSync(path.resolve(args.profile), { recursive: true });
  const queryLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-queries-')), 'log');
  onCleanup(() => fs.rmSync(path.dirname(queryLog), { recursive: true, force: true }));
  const server = await startServer({
    database,
    ...(args.profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] } : {}),
    env: {
      LIFEBOAT_PROCESSES: args.processes,
      ...(args.floorSeconds > 0 ? { LIFEBOAT_QUERY_LOG: queryLog } : {}),
      ...(args.profile ? { LIFEBOAT_QUERY_STATS: path.resolve(args.profile, 'queries.tsv') } : {}),
    },
  });

  const signed: Partial<Record<SessionName, SignedIn>> = {};
  for (const name of ['staff', 'reseller', 'client'] as const) {
    signed[name] = await signIn(server.url, name, 'demo');
  }
  const reseller = signed.reseller as SignedIn;
  const client = signed.client as SignedIn;
  const ids = await resolveIds(client.user, new Set(['resellerId']), {}, server.database);
  process.stderr.write(`Drawing ${args.sample} systems from the fleet...\n`);
  const sample = await sampleFleet(
    server.database,
    { resellerId: reseller.user.organisationId, clientId: client.user.organisationId },
    args.sample,
    seeded(args.mixSeed + 1),
  );
  const sessions = [
    { name: 'staff' as const, systems: sample.anywhere, headers: (signed.staff as SignedIn).headers },
    { name: 'reseller' as const, systems: sample.ofReseller, headers: reseller.headers },
    { name: 'client' as const, systems: sample.ofClient, headers: client.headers },
  ];
  process.stderr.write(
    `Sessions: staff over ${sample.anywhere.length} systems of ${new Set(sample.anywhere.map((s) => s.resellerId)).size} resellers; ` +
      `reseller ${reseller.user.organisationId} (${sample.ofReseller.length} systems); client ${client.user.organisationId} of reseller ${ids.resellerId} (${sample.ofClient.length} systems).\n`,
  );

  const load = { baseUrl: server.url, connections: args.connections, durationSeconds: 10, warmupSeconds: 3 };
  process.stderr.write('Bare route /api/health: 3 s warm-up, 10 s measured...\n');
  const bare: CallResult = await measure(
    {
      label: 'GET /api/health (bare)',
      method: 'GET',
      template: '/api/health',
      path: '/api/health',
      headers: {},
    },
    load,
  );
  if (args.warmup > 0) {
    process.stderr.write(`Mixed load: ${args.warmup} s warm-up...\n`);
    await runMix(
      server.url,
      sessions,
      sample.orgNames,
      { ...args, duration: args.warmup, seed: args.mixSeed + 100 },
      false,
    );
  }
  process.stderr.write(`Mixed load, closed loop (saturation): ${args.duration} s measured...\n`);
  const meter = cpuMeter(server.pid);
  const cpu0 = processCpuSeconds(server.pid) ?? 0;
  const { result, perCall } = await runMix(
    server.url,
    sessions,
    sample.orgNames,
    { ...args, seed: args.mixSeed },
    true,
  );
  const cpu = meter();
  const serverCpuPerRequest =
    ((processCpuSeconds(server.pid) ?? 0) - cpu0) / Math.max(1, result.requests.total);

  // The database floor: a shorter run of the same mix with every query logged, replayed alone.
  let floor: (Floor & { requests: number }) | null = null;
  if (args.floorSeconds > 0) {
    process.stderr.write(
      `Mixed load with its queries logged: ${args.floorSeconds} s, then their replay...\n`,
    );
    const signalAll = () => {
      for (const pid of processTree(server.pid)) process.kill(pid, 'SIGUSR2');
    };
    signalAll();
    const logged = await runMix(
      server.url,
      sessions,
      sample.orgNames,
      { ...args, duration: args.floorSeconds, seed: args.mixSeed },
      false,
    );
    signalAll();
    await new Promise((r) => setTimeout(r, 1000));
    floor = {
      ...(await replay(server.database, readQueryLogs(queryLog))),
      requests: logged.result.requests.total,
    };
  }

  // Open loop: each rate in turn, until one is far past what the server can answer.
  const rates: { rate: number; rows: ReturnType<typeof summarise>; res: OpenLoopResult }[] = [];
  for (const rate of args.rates) {
    process.stderr.write(`Open loop at ${rate}/s: 2 s unrecorded, ${args.rateSeconds} s measured...\n`);
    await openLoop(server.url, sessions, sample.orgNames, {
      rate,
      seconds: 2,
      seed: args.mixSeed + rate,
      record: false,
    });
    const res = await openLoop(server.url, sessions, sample.orgNames, {
      rate,
      seconds: args.rateSeconds,
      seed: args.mixSeed,
      record: true,
    });
    const rows = summarise(res.perCall, res.sent);
    rates.push({ rate, rows, res });
    if (res.unanswered > 0 || Math.max(...rows.map((r) => r.p95)) > 2000) break;
  }
  const log = server.takeLog();
  await server.stop();

  const total = result.requests.total;
  const rows = summarise(perCall, total);
  const mixRate = result.requests.average;
  const share = mixRate / bare.requestsPerSecond;
  const P95_TARGET = 50;
  const slow = rows.filter((r) => r.p95 > P95_TARGET);
  const failed = rows.filter((r) => r.non2xx > 0);
  const missing = MIX.filter((c) => !perCall.has(c.label)).map((c) => c.label);

  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      }).trim();
    } catch {
      return null;
    }
  })();
  const file = writeResults({
    kind: 'mixed',
    date: new Date().toISOString(),
    commit,
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      otherCpuShare: Number(busy.toFixed(3)),
      loadAverage: os.loadavg()[0],
    },
    fleet: marker,
    database: database.kind,
    load: {
      connections: args.connections,
      durationSeconds: args.duration,
      warmupSeconds: args.warmup,
      mixSeed: args.mixSeed,
    },
    cpu,
    bare: { ...bare, ratios: ratiosTo(bare, bare) },
    mix: {
      requestsPerSecond: mixRate,
      requests: total,
      non2xx: result.non2xx,
      errors: result.errors,
      shareOfBare: share,
    },
    calls: rows,
    processes: args.processes,
    serverCpuPerRequestMs: serverCpuPerRequest * 1000,
    floor,
    openLoop: rates.map((r) => ({ rate: r.rate, ...r.res, perCall: undefined, calls: r.rows })),
  });

  const out = process.stdout;
  out.write(
    `\n${args.connections} connections, ${args.duration} s mixed, ${marker.size} fleet on ${database.kind}, load average ${os.loadavg()[0]?.toFixed(1)}\n\n`,
  );
  out.write(
    `bare GET /api/health: ${Math.round(bare.requestsPerSecond).toLocaleString('en')} req/s, p50 ${f2(bare.latencyMs.p50)} / p95 ${f2(bare.latencyMs.p95)} / p99 ${f2(bare.latencyMs.p99)} ms\n`,
  );
  out.write(
    `mix (${MIX.length} calls): ${Math.round(mixRate).toLocaleString('en')} req/s = ${(share * 100).toFixed(1)}% of the bare route; ${total} requests, ${result.non2xx} non-2xx, ${result.errors} errors\n\n`,
  );
  const core = (v: number | null) => (v === null ? '-' : `${Math.round(v * 100)}%`);
  // Both the server and this harness run on the machine's cores: when the harness or the database
  // takes a large share, the throughput is theirs as much as the server's.
  out.write(
    `CPU during the mix (100% = one core of ${os.cpus().length}): server ${core(cpu.server)}, this harness ${core(cpu.harness)}, everything else ${core(cpu.rest)}\n\n`,
  );
  out.write(`Saturation (closed loop, ${args.connections} connections):\n${table(rows, P95_TARGET)}\n\n`);
  out.write(`${slow.length} of ${rows.length} calls have p95 over ${P95_TARGET} ms at saturation.\n\n`);
  out.write(
    `server CPU per mixed request: ${(serverCpuPerRequest * 1000).toFixed(3)} ms (all its processes' CPU time over the closed-loop run)\n`,
  );
  if (floor) {
    const per = (sec: number) => (sec * 1000) / Math.max(1, floor.requests);
    // SQLite runs in the driver's process: its CPU time is the database's work (the wall time
    // also holds waits for a core on a busy machine). PostgreSQL works in its own processes and
    // each query is a round trip: the replay's wall time is the floor.
    const floorMs = per(database.kind === 'sqlite' ? floor.cpuSeconds : floor.wallSeconds);
    out.write(
      `database floor: ${floor.queries} queries of ${floor.requests} requests replayed alone through the driver: ` +
        `${floorMs.toFixed(3)} ms a request (driver CPU ${per(floor.cpuSeconds).toFixed(3)} ms, wall ${per(floor.wallSeconds).toFixed(3)} ms)` +
        `${floor.failed ? `, ${floor.failed} queries failed on replay` : ''}; ` +
        `server CPU / floor = ${((serverCpuPerRequest * 1000) / floorMs).toFixed(2)}x\n`,
    );
  }
  if (rates.length > 0) {
    out.write(`\n${openLoopTable(rates)}\n`);
    const ok = rates.filter(
      (r) => r.res.errors === 0 && r.rows.every((c) => c.non2xx === 0 && c.p95 < CAPACITY_P95),
    );
    const capacity = ok.length ? Math.max(...ok.map((r) => r.rate)) : null;
    out.write(
      `capacity (highest rate with every call's p95 under ${CAPACITY_P95} ms): ${capacity === null ? `below ${args.rates[0]}/s` : `${capacity}/s`}\n`,
    );
  }
  out.write(`Raw results: ${path.relative(process.cwd(), file)}\n`);
  if (log.lines > 0) process.stderr.write(`The server logged ${log.lines} lines:\n${log.tail}\n`);
  if (missing.length) process.stderr.write(`!! Calls never made: ${missing.join(', ')}\n`);
  if (failed.length || result.errors > 0) {
    process.stderr.write(`!! ${failed.length} call(s) had non-2xx answers: their figures are NOT valid.\n`);
    for (const r of failed) process.stderr.write(`!! ${r.label}: ${JSON.stringify(r.statuses)}\n`);
    return 2;
  }
  return 0;
}

runMain(() => main(process.argv.slice(2)), 'mixed bench');
