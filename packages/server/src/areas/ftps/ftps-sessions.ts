import type { Socket } from 'node:net';
import type { FtpConnection } from 'ftp-srv';
import type { AppContext } from '../../context';
import { unscoped } from '../../scope';

// The FTPS server's open connections and the rules that end them (docs/decisions.md 'FTPS
// sessions'): a connection must log in within a deadline, and only so many may wait to log in
// (from one address, and in all), so idle connections cannot use up the server; a logged-in
// session ends when its export stops being served (expired, discarded) or after a long idle time
// without a transfer. ftp-srv's own timeout is not used: it counted a long download as idle.

export interface FtpsLimits {
  /** A connection that has not logged in by then is closed. */
  loginWithinMs: number;
  /** A logged-in session with no command and no transfer for this long is closed. */
  idleMs: number;
  /** Connections waiting to log in, in all and from one address. */
  waitingMax: number;
  waitingPerAddress: number;
  /** How often the rules are applied. */
  sweepMs: number;
}

export const FTPS_LIMITS: FtpsLimits = {
  loginWithinMs: 30_000,
  idleMs: 10 * 60_000,
  waitingMax: 64,
  waitingPerAddress: 8,
  sweepMs: 5_000,
};

const WHY = 'the FTPS server ends the sessions of exports no longer served, of every tenant';

/** Whether an export's files are served: ready and not yet expired. */
export const isServed = (row: { status: string; expires_at: number | null }, now: number): boolean =>
  row.status === 'ready' && row.expires_at !== null && Number(row.expires_at) > now;

/** The ids among `ids` of exports still served. */
export async function servedExports(
  ctx: Pick<AppContext, 'dbh' | 'clock'>,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await unscoped(ctx.dbh.db, WHY)
    .selectFrom('ftps_exports')
    .select(['id', 'status', 'expires_at'])
    .where('id', 'in', ids)
    .execute();
  const now = ctx.clock.now();
  return new Set(rows.filter((r) => isServed(r, now)).map((r) => Number(r.id)));
}

type Connection = FtpConnection & {
  commandSocket: Socket;
  connector?: { dataSocket?: Socket | null };
  close(code?: number, message?: string): Promise<unknown>;
};

interface Session {
  connection: Connection;
  address: string;
  openedAt: number;
  lastSeenAt: number;
  exportId: number | null;
}

export class FtpsSessions {
  private readonly open = new Map<string, Session>();

  constructor(
    private readonly ctx: Pick<AppContext, 'dbh' | 'clock'>,
    private readonly limits: FtpsLimits,
  ) {}

  /** A new connection: tracked, or closed at once when too many wait to log in. */
  opened(c: FtpConnection): void {
    const connection = c as Connection;
    const address = connection.ip ?? '';
    const waiting = [...this.open.values()].filter((s) => s.exportId === null);
    if (
      waiting.length >= this.limits.waitingMax ||
      waiting.filter((s) => s.address === address).length >= this.limits.waitingPerAddress
    ) {
      // Said before ftp-srv's greeting, which then finds the socket closed.
      connection.commandSocket.end(
        '421 Too many connections are waiting to log in. Try again in a minute.\r\n',
      );
      return;
    }
    const now = this.ctx.clock.now();
    const session: Session = { connection, address, openedAt: now, lastSeenAt: now, exportId: null };
    this.open.set(connection.id, session);
    // After AUTH TLS the secure socket's data is emitted on this one too (ftp-srv-fixes.ts).
    connection.commandSocket.on('data', () => {
      session.lastSeenAt = this.ctx.clock.now();
    });
  }

  loggedIn(c: FtpConnection, exportId: number): void {
    const s = this.open.get(c.id);
    if (s) s.exportId = exportId;
  }

  closed(id: string): void {
    this.open.delete(id);
  }

  /** Apply the rules now: end what waited too long, idled too long, or whose export is gone. */
  async sweep(): Promise<void> {
    const now = this.ctx.clock.now();
    const sessions = [...this.open.values()];
    const ids = [...new Set(sessions.flatMap((s) => (s.exportId === null ? [] : [s.exportId])))];
    const served = await servedExports(this.ctx, ids);
    for (const s of sessions) {
      if (s.exportId === null) {
        if (now - s.openedAt >= this.limits.loginWithinMs)
          this.end(s, 'No login in time. Closing the connection.');
      } else if (!served.has(s.exportId)) {
        this.end(s, 'This export has expired or was discarded. Closing the connection.');
      } else if (now - s.lastSeenAt >= this.limits.idleMs && !s.connection.connector?.dataSocket) {
        this.end(s, 'Idle for too long. Closing the connection.');
      }
    }
  }

  private end(s: Session, message: string): void {
    this.open.delete(s.connection.id);
    // A transfer under way stops with the session.
    s.connection.connector?.dataSocket?.destroy(new Error(message));
    void s.connection.close(421, message);
  }
}
