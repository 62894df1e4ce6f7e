import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { checkSimFaults } from './fabric/faults';
import { demoFolder } from './sources/restic/demo-repo';

// Configuration is checked at start (issue 18.4): every setting of the README's table is parsed
// by one Zod schema, and a bad value stops the server with one sentence per setting saying what
// it accepts (main.ts prints them, no stack trace). Unset or blank means the default.

export interface Config {
  host: string;
  port: number;
  /** Folder for the SQLite file and other local state. */
  dataDir: string;
  /** postgres://... selects PostgreSQL; otherwise SQLite at dataDir/lifeboat.sqlite. */
  databaseUrl: string;
  production: boolean;
  /** Secret for encrypting secrets at rest (MFA keys); generated into dataDir when not set. */
  secretKey: string | null;
  /** Simulator speed factor: 1 realistic, 60 lively demo, 0 instant (tests). */
  simSpeed: number;
  /** Simulator faults, e.g. "appliance_offline=0.1,rp_in_use=0.05" (probabilities). */
  simFaults: string;
  /** Run the in-process operation workers and the living fleet. */
  workers: boolean;
  /** How long a worker holds an operation before another may take it over. */
  leaseMs: number;
  /** Processes that serve the console (LIFEBOAT_PROCESSES; `auto`: one per core). */
  processes: number;
  fleetSeed: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Calls one API key may make per minute, counted in the database (all instances together). */
  apiKeyPerMinute: number;
  /** Mark the session cookie Secure; set it when the console is served over HTTPS. */
  cookieSecure: boolean;
  /**
   * Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed; empty:
   * the peer's address is the client's.
   */
  trustedProxies: string[];
  smtpUrl: string | null;
  mailFrom: string;
  agentDir: string;
  webDist: string;
  /** pino's level; unset: warn in production, info otherwise. */
  logLevel: LogLevel | null;
  /** The console's FTPS server (issue 13.4): off with LIFEBOAT_FTPS=0. */
  ftpsEnabled: boolean;
  /** Control port of the explicit-TLS FTPS server. */
  ftpsPort: number;
  /** Host name the FTPS credentials show (and the passive replies announce). */
  ftpsPublicHost: string;
  ftpsPasvMin: number;
  ftpsPasvMax: number;
  /** PEM certificate and key; generated into dataDir/ftps-tls on first start when not set. */
  ftpsCertFile: string | null;
  ftpsKeyFile: string | null;
  /** Where each export's home folder lives. */
  ftpsDir: string;
  /** Days an export stays downloadable (spec: recovery-flow 3, expirationDays). */
  ftpsExpirationDays: number;
  /** Days a generated report stays in the reports history (issue 15.4). */
  reportHistoryDays: number;
  /** Folders under which local restic repositories may be added as backup sources (issue 25.4). */
  resticRoots: string[];
  /** Whether restic repositories may be remote (rest:, s3:, sftp:). */
  resticAllowRemote: boolean;
  /** The console's address as people open it: links in alert e-mails (issue 27.4). */
  publicUrl: string;
  /** Webhooks may be posted to private, loopback and link-local addresses, and over http (a lab). */
  webhookAllowPrivate: boolean;
}

/** A setting the server refuses to start with; the message is one sentence per bad setting. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What each setting accepts, for the sentence that stops the start. */
export const ACCEPTS = {
  PORT: 'a port number from 1 to 65535',
  HOST: 'a host name or IP address to listen on, such as 127.0.0.1 or 0.0.0.0',
  LIFEBOAT_DATA_DIR: 'the path of a folder',
  DATABASE_URL:
    'a postgres:// address such as postgres://user@host:5432/lifeboat, or the path of a SQLite file',
  LIFEBOAT_SECRET_KEY:
    'at least 32 characters without spaces (for example the output of `openssl rand -base64 32`)',
  SMTP_URL: 'an smtp:// or smtps:// address such as smtp://user:pass@mail.example.com:587',
  MAIL_FROM: 'an e-mail address, alone or as Name <address>',
  SIM_SPEED: 'a number from 0 to 10000 (1 realistic durations, 60 a lively demo, 0 instant)',
  SIM_FAULTS: 'comma-separated faults such as appliance_offline=0.1 or rp_in_use@rp:345',
  FLEET_SEED: 'a whole number from 0 to 2147483647',
  LIFEBOAT_WORKERS: '1 (run the background workers) or 0 (API only)',
  LIFEBOAT_LEASE_MS: 'a whole number of milliseconds from 1000 to 3600000',
  LIFEBOAT_PROCESSES: 'auto (one process per core) or a whole number from 1 to 256',
  SESSION_IDLE_MINUTES: 'a whole number of minutes from 1 to 10080 (a week)',
  SESSION_ABSOLUTE_HOURS: 'a whole number of hours from 1 to 720 (30 days)',
  LIFEBOAT_API_KEY_PER_MINUTE: 'a whole number of calls from 1 to 100000',
  LIFEBOAT_COOKIE_SECURE: '1 (the console is served over HTTPS) or 0',
  LIFEBOAT_TRUSTED_PROXIES: 'comma-separated IP addresses or CIDR ranges, such as 10.0.0.5,10.1.0.0/16',
  LIFEBOAT_AGENT_DIR: 'the path of a folder',
  LOG_LEVEL: `one of ${LOG_LEVELS.join(', ')}`,
  LIFEBOAT_FTPS: '1 (run the FTPS export server) or 0',
  LIFEBOAT_FTPS_PORT: 'a port number from 1 to 65535',
  LIFEBOAT_FTPS_HOST: 'the host name or IP address FTPS clients connect to',
  LIFEBOAT_FTPS_PASV_MIN: 'a port number from 1024 to 65535',
  LIFEBOAT_FTPS_PASV_MAX: 'a port number from 1024 to 65535, not below LIFEBOAT_FTPS_PASV_MIN',
  LIFEBOAT_FTPS_CERT: 'the path of a PEM certificate file (with LIFEBOAT_FTPS_KEY)',
  LIFEBOAT_FTPS_KEY: 'the path of a PEM private key file (with LIFEBOAT_FTPS_CERT)',
  LIFEBOAT_FTPS_DIR: 'the path of a folder',
  LIFEBOAT_FTPS_EXPIRATION_DAYS: 'a whole number of days from 1 to 90',
  LIFEBOAT_REPORT_HISTORY_DAYS: 'a whole number of days from 1 to 3650',
  LIFEBOAT_RESTIC_ROOTS: 'absolute folder paths separated by commas, such as /srv/restic,/mnt/backups',
  LIFEBOAT_RESTIC_ALLOW_REMOTE: '1 (rest:, s3: and sftp: repositories may be added) or 0',
  LIFEBOAT_PUBLIC_URL: 'an http:// or https:// address such as https://backup.example.com',
  LIFEBOAT_WEBHOOK_ALLOW_PRIVATE: '1 (webhooks may go to private and loopback addresses, and over http) or 0',
} as const;
type Setting = keyof typeof ACCEPTS;

/** Values that may hold a password or a key are never repeated in the message. */
const SECRET: ReadonlySet<Setting> = new Set(['LIFEBOAT_SECRET_KEY', 'SMTP_URL', 'DATABASE_URL']);

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A setting: blank or unset is undefined (loadConfig puts the default), anything else must pass `schema`. */
function setting<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankIsUnset, schema.optional());
}

const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const flag = z.enum(['0', '1']).transform((v) => v === '1');

const folder = z
  .string()
  .trim()
  .refine((p) => !p.includes('\0'));

const postgresUrl = z
  .string()
  .trim()
  .refine((u) => {
    if (!u.includes('://')) return true; // a SQLite file
    if (!/^postgres(ql)?:\/\//.test(u)) return false;
    try {
      const url = new URL(u);
      return url.hostname !== '' || url.searchParams.has('host');
    } catch {
      return false;
    }
  });

const smtpUrl = z.url({ protocol: /^smtps?$/, hostname: /./ });

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;
const mailFrom = z
  .string()
  .trim()
  .refine((v) => ADDRESS.test(v) || /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(v));

const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const host = z
  .string()
  .trim()
  .refine((h) => isIP(h) !== 0 || HOSTNAME.test(h));

/** An issue that carries its own sentence (say, the entry that is wrong in a list). */
const problem = (ctx: z.RefinementCtx, message: string, path?: string[]) =>
  ctx.addIssue({ code: 'custom', message, ...(path ? { path } : {}), params: { sentence: true } });

/** LIFEBOAT_TRUSTED_PROXIES: "10.0.0.5, 10.1.0.0/16, ::1". */
const trustedProxies = z.string().transform((raw, ctx) => {
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const e of entries) {
    const [address = '', bits, ...rest] = e.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
    if (family === 0 || !okBits || rest.length > 0)
      problem(
        ctx,
        `LIFEBOAT_TRUSTED_PROXIES: "${e}" is not an IP address or a CIDR range (for example 10.0.0.5 or 10.1.0.0/16).`,
      );
  }
  return entries;
});

/** LIFEBOAT_RESTIC_ROOTS: "/srv/restic, /mnt/backups". */
const resticRoots = z.string().transform((raw, ctx) => {
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const e of entries)
    if (!path.isAbsolute(e) || e.includes('\0') || e.split('/').includes('..'))
      problem(
        ctx,
        `LIFEBOAT_RESTIC_ROOTS: "${e}" is not the absolute path of a folder (for example /srv/restic).`,
      );
  return entries.map((e) => path.resolve(e));
});

const simFaults = z.string().superRefine((raw, ctx) => {
  try {
    checkSimFaults(raw);
  } catch (err) {
    problem(
      ctx,
      `SIM_FAULTS must be ${ACCEPTS.SIM_FAULTS}. ${err instanceof Error ? err.message : ''}`.trim(),
    );
  }
});

/** The environment, setting by setting (the README's configuration table). */
export const envSchema = z
  .object({
    PORT: setting(whole(1, 65535)),
    HOST: setting(host),
    LIFEBOAT_DATA_DIR: setting(folder),
    DATABASE_URL: setting(postgresUrl),
    LIFEBOAT_SECRET_KEY: setting(z.string().regex(/^\S{32,}$/)),
    SMTP_URL: setting(smtpUrl),
    MAIL_FROM: setting(mailFrom),
    SIM_SPEED: setting(
      z
        .string()
        .trim()
        .regex(/^\d{1,5}(\.\d{1,6})?$/)
        .transform(Number)
        .pipe(z.number().max(10_000)),
    ),
    SIM_FAULTS: setting(simFaults),
    FLEET_SEED: setting(whole(0, 2_147_483_647)),
    LIFEBOAT_WORKERS: setting(flag),
    LIFEBOAT_LEASE_MS: setting(whole(1000, 3_600_000)),
    LIFEBOAT_PROCESSES: setting(z.union([z.literal('auto'), whole(1, 256)])),
    SESSION_IDLE_MINUTES: setting(whole(1, 10_080)),
    SESSION_ABSOLUTE_HOURS: setting(whole(1, 720)),
    LIFEBOAT_API_KEY_PER_MINUTE: setting(whole(1, 100_000)),
    LIFEBOAT_COOKIE_SECURE: setting(flag),
    LIFEBOAT_TRUSTED_PROXIES: setting(trustedProxies),
    LIFEBOAT_TRUST_PROXY: z.string().optional(),
    LIFEBOAT_AGENT_DIR: setting(folder),
    LOG_LEVEL: setting(z.enum(LOG_LEVELS)),
    LIFEBOAT_FTPS: setting(flag),
    LIFEBOAT_FTPS_PORT: setting(whole(1, 65535)),
    LIFEBOAT_FTPS_HOST: setting(host),
    LIFEBOAT_FTPS_PASV_MIN: setting(whole(1024, 65535)),
    LIFEBOAT_FTPS_PASV_MAX: setting(whole(1024, 65535)),
    LIFEBOAT_FTPS_CERT: setting(folder),
    LIFEBOAT_FTPS_KEY: setting(folder),
    LIFEBOAT_FTPS_DIR: setting(folder),
    LIFEBOAT_FTPS_EXPIRATION_DAYS: setting(whole(1, 90)),
    LIFEBOAT_REPORT_HISTORY_DAYS: setting(whole(1, 3650)),
    LIFEBOAT_RESTIC_ROOTS: setting(resticRoots),
    LIFEBOAT_RESTIC_ALLOW_REMOTE: setting(flag),
    LIFEBOAT_WEBHOOK_ALLOW_PRIVATE: setting(flag),
    LIFEBOAT_PUBLIC_URL: setting(
      z.url({ protocol: /^https?$/, hostname: /./ }).transform((u) => u.replace(/\/+$/, '')),
    ),
    // Not in the table: how the server is run.
    NODE_ENV: z.string().optional(),
    LIFEBOAT_WEB_DIST: setting(folder),
  })
  .superRefine((env, ctx) => {
    // The old switch trusted every proxy: starting without the list it was replaced by is refused.
    if (env.LIFEBOAT_TRUST_PROXY && env.LIFEBOAT_TRUSTED_PROXIES === undefined)
      problem(
        ctx,
        'LIFEBOAT_TRUST_PROXY is replaced by LIFEBOAT_TRUSTED_PROXIES: list the addresses or ranges of your reverse proxies (for example 10.0.0.5,10.1.0.0/16).',
        ['LIFEBOAT_TRUST_PROXY'],
      );
    if (env.LIFEBOAT_FTPS_CERT !== undefined && env.LIFEBOAT_FTPS_KEY === undefined)
      problem(ctx, 'LIFEBOAT_FTPS_CERT needs LIFEBOAT_FTPS_KEY: set both or neither.', [
        'LIFEBOAT_FTPS_CERT',
      ]);
    if (env.LIFEBOAT_FTPS_KEY !== undefined && env.LIFEBOAT_FTPS_CERT === undefined)
      problem(ctx, 'LIFEBOAT_FTPS_KEY needs LIFEBOAT_FTPS_CERT: set both or neither.', ['LIFEBOAT_FTPS_KEY']);
    if ((env.LIFEBOAT_FTPS_PASV_MIN ?? 30000) > (env.LIFEBOAT_FTPS_PASV_MAX ?? 30099)) {
      const name =
        env.LIFEBOAT_FTPS_PASV_MAX === undefined ? 'LIFEBOAT_FTPS_PASV_MIN' : 'LIFEBOAT_FTPS_PASV_MAX';
      problem(
        ctx,
        `${name}: the passive range must run from LIFEBOAT_FTPS_PASV_MIN up to LIFEBOAT_FTPS_PASV_MAX.`,
        [name],
      );
    }
  });

/** The sentence for one bad setting. */
function sentence(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  if (issue.code === 'custom' && issue.params?.sentence) return issue.message;
  const name = String(issue.path[0] ?? '');
  const accepts = (ACCEPTS as Record<string, string>)[name] ?? 'a valid value';
  const shown = SECRET.has(name as Setting) ? 'its value is not shown' : `it is ${JSON.stringify(env[name])}`;
  return `${name} must be ${accepts}; ${shown}.`;
}

/** Read the configuration from the environment; throws ConfigError naming each bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = [...new Set(parsed.error.issues.map((i) => sentence(i, env)))];
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.LIFEBOAT_DATA_DIR ?? 'data');
  return {
    host: e.HOST ?? '127.0.0.1',
    port: e.PORT ?? 8080,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, 'lifeboat.sqlite'),
    production: e.NODE_ENV === 'production',
    secretKey: e.LIFEBOAT_SECRET_KEY ?? null,
    simSpeed: e.SIM_SPEED ?? 60,
    simFaults: e.SIM_FAULTS ?? '',
    workers: e.LIFEBOAT_WORKERS ?? true,
    leaseMs: e.LIFEBOAT_LEASE_MS ?? 30_000,
    processes:
      e.LIFEBOAT_PROCESSES === undefined || e.LIFEBOAT_PROCESSES === 'auto'
        ? os.availableParallelism()
        : e.LIFEBOAT_PROCESSES,
    fleetSeed: e.FLEET_SEED ?? 42,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES ?? 30,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS ?? 12,
    apiKeyPerMinute: e.LIFEBOAT_API_KEY_PER_MINUTE ?? 600,
    cookieSecure: e.LIFEBOAT_COOKIE_SECURE ?? false,
    trustedProxies: e.LIFEBOAT_TRUSTED_PROXIES ?? [],
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Lifeboat <lifeboat@localhost>',
    agentDir: path.resolve(e.LIFEBOAT_AGENT_DIR ?? path.join(dataDir, 'agents')),
    webDist: path.resolve(e.LIFEBOAT_WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL ?? null,
    ftpsEnabled: e.LIFEBOAT_FTPS ?? true,
    ftpsPort: e.LIFEBOAT_FTPS_PORT ?? 2121,
    ftpsPublicHost: e.LIFEBOAT_FTPS_HOST ?? (e.HOST && e.HOST !== '0.0.0.0' ? e.HOST : '127.0.0.1'),
    ftpsPasvMin: e.LIFEBOAT_FTPS_PASV_MIN ?? 30000,
    ftpsPasvMax: e.LIFEBOAT_FTPS_PASV_MAX ?? 30099,
    ftpsCertFile: e.LIFEBOAT_FTPS_CERT ? path.resolve(e.LIFEBOAT_FTPS_CERT) : null,
    ftpsKeyFile: e.LIFEBOAT_FTPS_KEY ? path.resolve(e.LIFEBOAT_FTPS_KEY) : null,
    ftpsDir: path.resolve(e.LIFEBOAT_FTPS_DIR ?? path.join(dataDir, 'ftps')),
    ftpsExpirationDays: e.LIFEBOAT_FTPS_EXPIRATION_DAYS ?? 7,
    reportHistoryDays: e.LIFEBOAT_REPORT_HISTORY_DAYS ?? 90,
    // The demo's repository (sources/demo.ts) is always allowed besides the operator's roots.
    resticRoots: [...(e.LIFEBOAT_RESTIC_ROOTS ?? [path.join(dataDir, 'restic')]), demoFolder(dataDir)],
    resticAllowRemote: e.LIFEBOAT_RESTIC_ALLOW_REMOTE ?? false,
    publicUrl:
      e.LIFEBOAT_PUBLIC_URL ??
      `http://${e.HOST && e.HOST !== '0.0.0.0' ? e.HOST : '127.0.0.1'}:${e.PORT ?? 8080}`,
    webhookAllowPrivate: e.LIFEBOAT_WEBHOOK_ALLOW_PRIVATE ?? false,
  };
}
