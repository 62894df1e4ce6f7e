import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run bench -- [options] <path> [<path> ...]

Benchmarks the bare route /api/health and each path, signed in, against a large generated fleet.
A path may name {userId}, {organisationId}, {resellerId} and {clientId}, and may start with a
method: "POST:/reseller/protected_systems/{resellerId}/1/50".

  --fleet large|demo     fleet size (default large; demo is quick)
  --seed <n>             fleet seed (default 42)
  --pg <url>             run on PostgreSQL: load the fleet into a database next to <url>
  --user <name>          sign in as (default reseller; password --password, default demo)
  --connections <n>      concurrent connections (default 20)
  --duration <s>         measured seconds per call (default 10)
  --warmup <s>           warm-up seconds per call (default 3)
  --method <m>           method of the paths without one (default GET, POST with a body)
  --body-form <k=v&...>  form-encoded body (placeholders allowed)
  --body-json <json>     JSON body (placeholders allowed)
  --reseller-id <n>, --client-id <n>   ids for the placeholders instead of the looked-up ones
  --rebuild              generate the fleet again even if a complete one is cached
  --fleet-only           build (or check) the fleet and stop
`;

export interface BenchArgs {
  fleet: string;
  seed: number;
  pg: string | null;
  user: string;
  password: string;
  connections: number;
  duration: number;
  warmup: number;
  method: string | null;
  body: { contentType: string; text: string } | null;
  resellerId?: number;
  clientId?: number;
  rebuild: boolean;
  fleetOnly: boolean;
  paths: string[];
}

function int(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number >= ${min}.`);
  return n;
}

export function parseBenchArgs(argv: string[]): BenchArgs | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      fleet: { type: 'string', default: 'large' },
      seed: { type: 'string' },
      pg: { type: 'string' },
      user: { type: 'string', default: 'reseller' },
      password: { type: 'string', default: 'demo' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      method: { type: 'string' },
      'body-form': { type: 'string' },
      'body-json': { type: 'string' },
      'reseller-id': { type: 'string' },
      'client-id': { type: 'string' },
      rebuild: { type: 'boolean', default: false },
      'fleet-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  if (!/^[a-z0-9-]+$/.test(values.fleet))
    throw new Error('--fleet must be a size name such as large or demo.');
  if (values['body-form'] !== undefined && values['body-json'] !== undefined) {
    throw new Error('Give --body-form or --body-json, not both.');
  }
  const body =
    values['body-form'] !== undefined
      ? { contentType: 'application/x-www-form-urlencoded', text: values['body-form'] }
      : values['body-json'] !== undefined
        ? { contentType: 'application/json', text: values['body-json'] }
        : null;
  for (const p of positionals) {
    if (!/^([A-Za-z]+:)?\//.test(p))
      throw new Error(`"${p}" is not a path (it must start with / or METHOD:/).`);
  }
  return {
    fleet: values.fleet,
    seed: int('seed', values.seed, 42, 0),
    pg: values.pg ?? null,
    user: values.user,
    password: values.password,
    connections: int('connections', values.connections, 20),
    duration: int('duration', values.duration, 10),
    warmup: int('warmup', values.warmup, 3, 0),
    method: values.method?.toUpperCase() ?? null,
    body,
    ...(values['reseller-id'] ? { resellerId: int('reseller-id', values['reseller-id'], 0) } : {}),
    ...(values['client-id'] ? { clientId: int('client-id', values['client-id'], 0) } : {}),
    rebuild: values.rebuild,
    fleetOnly: values['fleet-only'],
    paths: positionals,
  };
}

/** "POST:/x" -> POST /x; a bare path takes --method, or POST when there is a body. */
export function splitMethod(arg: string, args: BenchArgs): { method: string; path: string } {
  const m = /^([A-Za-z]+):(\/.*)$/.exec(arg);
  if (m?.[1] && m[2]) return { method: m[1].toUpperCase(), path: m[2] };
  return { method: args.method ?? (args.body ? 'POST' : 'GET'), path: arg };
}
