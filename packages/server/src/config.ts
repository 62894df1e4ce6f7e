import path from 'node:path';

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
  fleetSeed: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Mark the session cookie Secure; set it when the console is served over HTTPS. */
  cookieSecure: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  agentDir: string;
  webDist: string;
}

const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.LIFEBOAT_DATA_DIR ?? 'data');
  return {
    host: env.HOST ?? '127.0.0.1',
    port: num(env.PORT, 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || path.join(dataDir, 'lifeboat.sqlite'),
    production: env.NODE_ENV === 'production',
    secretKey: env.LIFEBOAT_SECRET_KEY ?? null,
    simSpeed: num(env.SIM_SPEED, 60),
    simFaults: env.SIM_FAULTS ?? '',
    workers: env.LIFEBOAT_WORKERS !== '0',
    fleetSeed: num(env.FLEET_SEED, 42),
    sessionIdleMinutes: num(env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: num(env.SESSION_ABSOLUTE_HOURS, 12),
    cookieSecure: env.LIFEBOAT_COOKIE_SECURE === '1',
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? 'Lifeboat <lifeboat@localhost>',
    agentDir: path.resolve(env.LIFEBOAT_AGENT_DIR ?? path.join(dataDir, 'agents')),
    webDist: path.resolve(env.LIFEBOAT_WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
