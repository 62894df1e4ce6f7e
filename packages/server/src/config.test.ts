import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, runStartToEnd } from '../../../scripts/production-start.mjs';
import { ACCEPTS, type Config, ConfigError, loadConfig } from './config';

// Configuration is checked at start (issue 18.4): each setting of the README's table, good
// values read as such, a bad one refused with a sentence naming it and what it accepts.

/** The one sentence loadConfig refuses `env` with. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

type Case = { good: [string, Partial<Config>][]; bad: string[] };

const CASES: Record<keyof typeof ACCEPTS, Case> = {
  PORT: { good: [['8443', { port: 8443 }]], bad: ['0', '70000', 'eighty', '80.5', '-1'] },
  HOST: {
    good: [
      ['0.0.0.0', { host: '0.0.0.0' }],
      ['::', { host: '::' }],
      ['console.example.com', { host: 'console.example.com' }],
    ],
    bad: ['my host', 'http://example.com', 'a..b'],
  },
  LIFEBOAT_DATA_DIR: { good: [['/var/lib/lifeboat', { dataDir: '/var/lib/lifeboat' }]], bad: ['a\0b'] },
  DATABASE_URL: {
    good: [
      ['postgres://lifeboat@db:5432/lifeboat', { databaseUrl: 'postgres://lifeboat@db:5432/lifeboat' }],
      ['postgresql://u:p@10.0.0.2/lb', { databaseUrl: 'postgresql://u:p@10.0.0.2/lb' }],
      ['/srv/lifeboat.sqlite', { databaseUrl: '/srv/lifeboat.sqlite' }],
    ],
    bad: ['postgress://db/lifeboat', 'mysql://db/lifeboat', 'postgres://'],
  },
  LIFEBOAT_SECRET_KEY: {
    good: [['k'.repeat(43), { secretKey: 'k'.repeat(43) }]],
    bad: ['short', `${'k'.repeat(20)} ${'k'.repeat(20)}`],
  },
  SMTP_URL: {
    good: [
      ['smtp://user:pass@mail.example.com:587', { smtpUrl: 'smtp://user:pass@mail.example.com:587' }],
      ['smtps://mail.example.com', { smtpUrl: 'smtps://mail.example.com' }],
    ],
    bad: ['mail.example.com', 'http://mail.example.com'],
  },
  MAIL_FROM: {
    good: [
      ['ops@example.com', { mailFrom: 'ops@example.com' }],
      ['Backups <ops@example.com>', { mailFrom: 'Backups <ops@example.com>' }],
    ],
    bad: ['ops', 'Backups <ops>'],
  },
  SIM_SPEED: {
    good: [
      ['0', { simSpeed: 0 }],
      ['1', { simSpeed: 1 }],
      ['0.5', { simSpeed: 0.5 }],
    ],
    bad: ['fast', '-1', '20000'],
  },
  SIM_FAULTS: {
    good: [
      ['appliance_offline=0.1, rp_in_use@rp:345', { simFaults: 'appliance_offline=0.1, rp_in_use@rp:345' }],
    ],
    bad: ['bogus=0.1', 'appliance_offline=2', 'appliance_offline'],
  },
  FLEET_SEED: { good: [['7', { fleetSeed: 7 }]], bad: ['seven', '-7', '1.5'] },
  LIFEBOAT_WORKERS: {
    good: [
      ['0', { workers: false }],
      ['1', { workers: true }],
    ],
    bad: ['yes', 'off'],
  },
  LIFEBOAT_LEASE_MS: { good: [['2000', { leaseMs: 2000 }]], bad: ['10', '30s', '99999999'] },
  LIFEBOAT_PROCESSES: {
    good: [
      ['1', { processes: 1 }],
      ['4', { processes: 4 }],
      ['auto', { processes: os.availableParallelism() }],
    ],
    bad: ['0', 'all', '2.5', '1000'],
  },
  SESSION_IDLE_MINUTES: { good: [['15', { sessionIdleMinutes: 15 }]], bad: ['abc', '-5', '0', '2.5'] },
  SESSION_ABSOLUTE_HOURS: {
    good: [['24', { sessionAbsoluteHours: 24 }]],
    bad: ['twelve', '-1', '0', '9999'],
  },
  LIFEBOAT_API_KEY_PER_MINUTE: {
    good: [['5', { apiKeyPerMinute: 5 }]],
    bad: ['many', '0', '1.5', '100001'],
  },
  LIFEBOAT_COOKIE_SECURE: {
    good: [
      ['1', { cookieSecure: true }],
      ['0', { cookieSecure: false }],
    ],
    bad: ['true', 'yes'],
  },
  LIFEBOAT_TRUSTED_PROXIES: {
    good: [['10.0.0.5, 10.1.0.0/16,::1', { trustedProxies: ['10.0.0.5', '10.1.0.0/16', '::1'] }]],
    bad: ['10.0.0.0/33', 'proxy.local'],
  },
  LIFEBOAT_AGENT_DIR: { good: [['/srv/agents', { agentDir: '/srv/agents' }]], bad: ['a\0b'] },
  LOG_LEVEL: {
    good: [
      ['debug', { logLevel: 'debug' }],
      ['silent', { logLevel: 'silent' }],
    ],
    bad: ['verbose', 'WARN'],
  },
  LIFEBOAT_FTPS: { good: [['0', { ftpsEnabled: false }]], bad: ['yes'] },
  LIFEBOAT_FTPS_PORT: { good: [['990', { ftpsPort: 990 }]], bad: ['0', 'ftp'] },
  LIFEBOAT_FTPS_HOST: { good: [['ftps.example.com', { ftpsPublicHost: 'ftps.example.com' }]], bad: ['a b'] },
  LIFEBOAT_FTPS_PASV_MIN: { good: [['20000', { ftpsPasvMin: 20000 }]], bad: ['80', '40000'] },
  LIFEBOAT_FTPS_PASV_MAX: { good: [['40000', { ftpsPasvMax: 40000 }]], bad: ['20000', 'x'] },
  // Each needs the other (checked in the pairing test below), so alone they are refused.
  LIFEBOAT_FTPS_CERT: { good: [], bad: ['/etc/cert.pem'] },
  LIFEBOAT_FTPS_KEY: { good: [], bad: ['/etc/key.pem'] },
  LIFEBOAT_FTPS_DIR: { good: [['/srv/ftps', { ftpsDir: '/srv/ftps' }]], bad: ['a\0b'] },
  LIFEBOAT_FTPS_EXPIRATION_DAYS: { good: [['14', { ftpsExpirationDays: 14 }]], bad: ['0', '365'] },
  LIFEBOAT_REPORT_HISTORY_DAYS: { good: [['365', { reportHistoryDays: 365 }]], bad: ['0', '4000', 'a year'] },
  LIFEBOAT_RESTIC_ROOTS: {
    good: [
      [
        '/srv/restic, /mnt/backups/',
        { resticRoots: ['/srv/restic', '/mnt/backups', path.join(path.resolve('data'), 'restic-demo')] },
      ],
    ],
    bad: ['srv/restic', '/srv/../etc', '/srv/a\0b'],
  },
  LIFEBOAT_RESTIC_ALLOW_REMOTE: { good: [['1', { resticAllowRemote: true }]], bad: ['yes'] },
  LIFEBOAT_WEBHOOK_ALLOW_PRIVATE: { good: [['1', { webhookAllowPrivate: true }]], bad: ['yes'] },
  LIFEBOAT_PUBLIC_URL: {
    good: [['https://backup.example.com/', { publicUrl: 'https://backup.example.com' }]],
    bad: ['backup.example.com', 'ftp://x.example.com'],
  },
};

describe('loadConfig', () => {
  it('starts from the README’s defaults with an empty environment (tests rely on it)', () => {
    expect(loadConfig({})).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir: path.resolve('data'),
      databaseUrl: path.join(path.resolve('data'), 'lifeboat.sqlite'),
      secretKey: null,
      simSpeed: 60,
      simFaults: '',
      workers: true,
      leaseMs: 30_000,
      fleetSeed: 42,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      cookieSecure: false,
      trustedProxies: [],
      smtpUrl: null,
      mailFrom: 'Lifeboat <lifeboat@localhost>',
      agentDir: path.join(path.resolve('data'), 'agents'),
      logLevel: null,
      reportHistoryDays: 90,
      resticRoots: [
        path.join(path.resolve('data'), 'restic'),
        path.join(path.resolve('data'), 'restic-demo'),
      ],
      resticAllowRemote: false,
    });
  });

  it('reads a blank setting as unset', () => {
    expect(loadConfig({ SESSION_IDLE_MINUTES: '', PORT: '  ' })).toMatchObject({
      sessionIdleMinutes: 30,
      port: 8080,
    });
  });

  for (const [name, c] of Object.entries(CASES)) {
    it(`reads good values of ${name}`, () => {
      for (const [value, expected] of c.good) expect(loadConfig({ [name]: value })).toMatchObject(expected);
    });

    it(`refuses bad values of ${name} with a sentence naming it`, () => {
      for (const value of c.bad) expect(refusal({ [name]: value })).toMatch(new RegExp(`^${name}\\b`));
    });
  }

  it('says what a setting accepts, and shows the value unless it may hold a secret', () => {
    expect(refusal({ SESSION_IDLE_MINUTES: 'abc' })).toBe(
      'SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 10080 (a week); it is "abc".',
    );
    expect(refusal({ SMTP_URL: 'http://user:hunter2@mail' })).toBe(
      `SMTP_URL must be ${ACCEPTS.SMTP_URL}; its value is not shown.`,
    );
    expect(refusal({ LIFEBOAT_SECRET_KEY: 'hunter2' })).not.toContain('hunter2');
    expect(refusal({ SIM_FAULTS: 'bogus=0.1' })).toMatch(
      /^SIM_FAULTS must be .*Unknown simulator fault "bogus"/,
    );
    expect(refusal({ LIFEBOAT_TRUSTED_PROXIES: '10.0.0.1, proxy.local' })).toBe(
      'LIFEBOAT_TRUSTED_PROXIES: "proxy.local" is not an IP address or a CIDR range (for example 10.0.0.5 or 10.1.0.0/16).',
    );
  });

  it('names every bad setting at once, one sentence each', () => {
    const err = (() => {
      try {
        loadConfig({ SESSION_IDLE_MINUTES: 'abc', SESSION_ABSOLUTE_HOURS: '-1', PORT: '80' });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(err?.problems.map((p) => p.split(' ')[0])).toEqual([
      'SESSION_IDLE_MINUTES',
      'SESSION_ABSOLUTE_HOURS',
    ]);
  });

  it('refuses the old LIFEBOAT_TRUST_PROXY unless the list that replaced it is set', () => {
    expect(refusal({ LIFEBOAT_TRUST_PROXY: '1' })).toMatch(
      /^LIFEBOAT_TRUST_PROXY is replaced by LIFEBOAT_TRUSTED_PROXIES/,
    );
    expect(
      loadConfig({ LIFEBOAT_TRUST_PROXY: '1', LIFEBOAT_TRUSTED_PROXIES: '10.0.0.5' }).trustedProxies,
    ).toEqual(['10.0.0.5']);
  });
});

describe('starting with a bad setting', () => {
  it('exits non-zero with the sentence alone, before touching the data folder', async () => {
    await ensureBuilt();
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-config-')), 'data');
    const { code, stdout, stderr } = await runStartToEnd({
      PATH: process.env.PATH,
      LIFEBOAT_DATA_DIR: dataDir,
      SESSION_IDLE_MINUTES: 'abc',
    });
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Lifeboat could not start: SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 10080 (a week); it is "abc".\n',
    });
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);
});
