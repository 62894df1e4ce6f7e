import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseBenchArgs, splitMethod, USAGE } from './args';
import { runMain } from './cleanup';
import { type CallSpec, measure } from './load';
import { otherCpuShare } from './machine';
import { REPO_ROOT } from './paths';
import { fill, placeholdersIn, resolveIds } from './placeholders';
import { prepareFleet } from './prepare';
import { formatTable, problems, type ReportRow, ratiosTo, writeResults } from './report';
import { startServer } from './server';
import { signIn } from './session';

// `npm run bench -- [options] <path>...`: fleet, server, sign-in, then each call under load.

const BARE_PATH = '/api/health';

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseBenchArgs(argv);
  if (args === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  // Sampled before the bench does anything itself (copying a fleet keeps the kernel busy too).
  const busy = await otherCpuShare();
  if (busy > 0.2) {
    process.stderr.write(
      `!! Other work uses ${Math.round(busy * 100)}% of the ${os.cpus().length} cores: expect noisy figures.\n`,
    );
  }
  const { database, marker } = await prepareFleet(args);
  if (args.fleetOnly) return 0;

  process.stderr.write('Starting the server...\n');
  const server = await startServer({ database });
  const session = await signIn(server.url, args.user, args.password);
  process.stderr.write(
    `Signed in as ${session.user.username} (${session.user.organisationKind} ${session.user.organisationId}) at ${server.url}.\n`,
  );

  const bodyText = args.body?.text;
  const needed = placeholdersIn([...args.paths, ...(bodyText === undefined ? [] : [bodyText])]);
  const given = {
    ...(args.resellerId === undefined ? {} : { resellerId: args.resellerId }),
    ...(args.clientId === undefined ? {} : { clientId: args.clientId }),
  };
  const ids = await resolveIds(session.user, needed, given, server.database);

  const calls: CallSpec[] = [
    // The bare route carries no session: it is the floor every other call is compared with.
    { label: `GET ${BARE_PATH} (bare)`, method: 'GET', template: BARE_PATH, path: BARE_PATH, headers: {} },
    ...args.paths.map((arg): CallSpec => {
      const { method, path: template } = splitMethod(arg, args);
      const filled = fill(template, ids);
      const withBody = args.body && method !== 'GET' && method !== 'HEAD';
      return {
        label: `${method} ${filled}`,
        method,
        template,
        path: filled,
        headers: withBody
          ? { ...session.headers, 'Content-Type': args.body?.contentType ?? '' }
          : session.headers,
        ...(withBody && bodyText !== undefined ? { body: fill(bodyText, ids) } : {}),
      };
    }),
  ];

  const load = {
    baseUrl: server.url,
    connections: args.connections,
    durationSeconds: args.duration,
    warmupSeconds: args.warmup,
  };
  const rows: ReportRow[] = [];
  for (const call of calls) {
    process.stderr.write(`${call.label}: ${args.warmup} s warm-up, ${args.duration} s measured...\n`);
    const result = await measure(call, load);
    const log = server.takeLog();
    if (log.lines > 0) process.stderr.write(`The server logged during ${call.label}:\n${log.tail}\n`);
    const bare = rows[0] ?? result;
    rows.push({ ...result, ratios: ratiosTo(bare, result), serverLogLines: log.lines });
  }
  await server.stop();

  const cpus = os.cpus();
  const file = writeResults({
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: cpus.length,
      cpu: cpus[0]?.model,
      // Other work on the machine skews every figure: keep the load next to them.
      otherCpuShare: Number(busy.toFixed(3)),
      loadAverage: os.loadavg()[0],
    },
    fleet: marker,
    database: database.kind,
    user: { username: session.user.username, kind: session.user.organisationKind, ids },
    load: { connections: args.connections, durationSeconds: args.duration, warmupSeconds: args.warmup },
    results: rows,
  });

  process.stdout.write(
    `\n${args.connections} connections, ${args.duration} s per call, ${marker.size} fleet on ${database.kind}, as ${session.user.username}\n\n`,
  );
  process.stdout.write(`${formatTable(rows)}\n\n`);
  process.stdout.write(`Raw results: ${path.relative(process.cwd(), file)}\n`);
  const issues = problems(rows);
  if (issues.length > 0) {
    process.stderr.write(
      `\n!!!!!!!! ${issues.length} PROBLEM(S): these figures are not trustworthy !!!!!!!!\n`,
    );
    for (const issue of issues) process.stderr.write(`!! ${issue}\n`);
    return rows.some((r) => r.non2xx + r.errors > 0) ? 2 : 0;
  }
  return 0;
}

runMain(() => main(process.argv.slice(2)), 'bench');
