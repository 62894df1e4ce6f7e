import { execFile } from 'node:child_process';
import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AppContext } from '../../context';
import { unscoped } from '../../scope';
import { applyFtpSrvFixes } from './ftp-srv-fixes';
import { exportFileSystem, FtpsRefusal } from './ftps-file-system';
import { countedLogin } from './ftps-login-tries';
import { FTPS_LIMITS, type FtpsLimits, FtpsSessions, isServed, servedExports } from './ftps-sessions';
import { open } from './secret-box';

// The console's own FTPS server (issue 13.4): explicit TLS (AUTH TLS on the control port, then
// PROT P), one user per export whose home folder holds exactly that export, read-only, refused
// once the export has expired, been discarded or failed. ftp-srv is the server; logins are
// checked against the ftps_exports rows. Beside it: the export's file system
// (ftps-file-system.ts), the sessions' rules (ftps-sessions.ts), wrong passwords
// (ftps-login-tries.ts) and the two parts of ftp-srv replaced for explicit TLS (ftp-srv-fixes.ts).

const run = promisify(execFile);
const WHY = 'FTPS logins find their export by login, before there is an actor';

export interface TlsFiles {
  cert: string;
  key: string;
}

/**
 * The server's certificate: the configured files, or a self-signed one generated into the data
 * folder on first start (openssl), kept for later starts.
 */
export async function ensureCertificate(ctx: Pick<AppContext, 'config'>): Promise<TlsFiles> {
  const c = ctx.config;
  if (c.ftpsCertFile && c.ftpsKeyFile) {
    return { cert: fs.readFileSync(c.ftpsCertFile, 'utf8'), key: fs.readFileSync(c.ftpsKeyFile, 'utf8') };
  }
  const dir = path.join(c.dataDir, 'ftps-tls');
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  if (!fs.existsSync(certFile) || !fs.existsSync(keyFile)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '3650',
      '-subj',
      `/CN=${c.ftpsPublicHost}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    fs.chmodSync(keyFile, 0o600);
  }
  return { cert: fs.readFileSync(certFile, 'utf8'), key: fs.readFileSync(keyFile, 'utf8') };
}

/** The home folder of an export. */
export const exportDir = (ctx: Pick<AppContext, 'config'>, id: number) =>
  path.join(ctx.config.ftpsDir, String(id));

const silent = {
  child: () => silent,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  fatal: () => {},
};

function samePassword(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface RunningFtps {
  port: number;
  /** Apply the session rules now (they run every `sweepMs` on their own). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

export async function startFtpsServer(
  ctx: Pick<AppContext, 'config' | 'dbh' | 'clock'>,
  opts: { port?: number; limits?: Partial<FtpsLimits> } = {},
): Promise<RunningFtps> {
  const c = ctx.config;
  // ftp-srv (and its dependencies) is loaded when the FTPS server starts, after the console
  // listens, not when the bundle loads: it costs a start about a tenth of its time.
  const ftpSrv = await import('ftp-srv');
  await applyFtpSrvFixes();
  const { FtpSrv } = ftpSrv;
  const ExportFileSystem = exportFileSystem(ftpSrv);
  const tls = await ensureCertificate(ctx);
  const port = opts.port ?? c.ftpsPort;
  const limits = { ...FTPS_LIMITS, ...opts.limits };
  const sessions = new FtpsSessions(ctx, limits);
  const before = new Set(
    ['SIGTERM', 'SIGINT', 'SIGQUIT'].flatMap((s) => process.listeners(s as NodeJS.Signals)),
  );
  const server = new FtpSrv({
    url: `ftp://${c.host}:${port}`,
    pasv_url: c.ftpsPublicHost,
    pasv_min: c.ftpsPasvMin,
    pasv_max: c.ftpsPasvMax,
    tls,
    anonymous: false,
    greeting: 'Lifeboat FTPS export server: use explicit TLS (AUTH TLS).',
    log: silent,
  });
  // ftp-srv exits the process on these signals by itself; the console stops it in its own order.
  for (const s of ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const) {
    for (const l of process.listeners(s)) if (!before.has(l)) process.removeListener(s, l);
  }

  // 'connect' is emitted by ftp-srv but missing from its declarations.
  (server as unknown as import('node:events').EventEmitter).on(
    'connect',
    ({ connection }: { connection: import('ftp-srv').FtpConnection }) => sessions.opened(connection),
  );
  server.on('disconnect', ({ id }) => sessions.closed(id));
  server.on('login', ({ connection, username, password }, resolve, reject) => {
    void (async () => {
      if (!connection.secure) throw new FtpsRefusal('Use explicit FTPS (AUTH TLS) before logging in.');
      const now = ctx.clock.now();
      const row = await countedLogin(ctx.dbh.db, connection.ip ?? '', now, async () => {
        const found = await unscoped(ctx.dbh.db, WHY)
          .selectFrom('ftps_exports')
          .select(['id', 'status', 'expires_at', 'password_enc'])
          .where('login', '=', username.slice(0, 64))
          .executeTakeFirst();
        const ok =
          found && isServed(found, now) && samePassword(open(c.secretKey, found.password_enc), password);
        return ok ? found : null;
      });
      if (!row) throw new FtpsRefusal('Login incorrect.');
      const id = Number(row.id);
      const root = exportDir(ctx, id);
      if (!fs.existsSync(root)) throw new FtpsRefusal('Login incorrect.');
      sessions.loggedIn(connection, id);
      // The export has been used: an export about to expire unused is alerted (recovery-flow 4).
      await unscoped(ctx.dbh.db, WHY)
        .updateTable('ftps_exports')
        .set({ first_login_at: now })
        .where('id', '=', id)
        .where('first_login_at', 'is', null)
        .execute();
      const served = async () => {
        if (!(await servedExports(ctx, [id])).has(id))
          throw new FtpsRefusal('This export has expired or was discarded.');
      };
      return { root, fs: new ExportFileSystem(connection, root, served) };
    })().then(resolve, (err: unknown) =>
      reject(
        new Error(err instanceof FtpsRefusal ? err.message : 'The login could not be checked. Try again.'),
      ),
    );
  });
  await server.listen();
  const sweep = () => sessions.sweep();
  const timer = setInterval(() => void sweep().catch(() => {}), limits.sweepMs);
  timer.unref();
  const address = (server as unknown as { server: import('node:net').Server }).server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    port: bound,
    sweep,
    close: async () => {
      clearInterval(timer);
      await server.close();
    },
  };
}
