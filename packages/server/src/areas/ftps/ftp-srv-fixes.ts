import net from 'node:net';
import tls from 'node:tls';
import type { FtpConnection } from 'ftp-srv';

// Two places where ftp-srv 4.6.3 breaks explicit FTPS (RFC 4217), replaced here when the FTPS
// server starts (docs/decisions.md 'FTPS: AUTH TLS and the data connection'):
//
// - AUTH TLS wrote 234 and wrapped the control socket in TLS only in a later callback, so a
//   client's TLS hello arriving in between was read as an FTP command ("502 Command not allowed:
//   \x16\x03\x01...", the client sees "wrong version number"): one login in two or three on a busy
//   machine. Here the socket is paused, 234 written and the socket wrapped in the same turn of the
//   event loop; bytes that arrived meanwhile stay in the paused socket, and Node's TLSSocket
//   hands a wrapped socket's buffered bytes to TLS first.
// - A protected data connection counted as open only once its TLS handshake had finished, but
//   clients such as Python's ftplib and lftp start that handshake after the 150 reply, which the
//   server sent only after the handshake: every PROT P transfer timed out (425). Here the data
//   connection is open when the client connects; what the server writes before the handshake
//   ends waits in the TLS layer.

type TlsOptions = tls.SecureContextOptions;
type Server = FtpConnection['server'] & {
  options: { tls?: TlsOptions | false };
  url: { hostname: string };
  getNextPasvPort(): Promise<number>;
};
type Connection = FtpConnection & {
  server: Server;
  commandSocket: net.Socket;
  secure: boolean;
  reply(code: number, message?: string): Promise<unknown>;
  close(code?: number, message?: string): Promise<unknown>;
};

const contexts = new WeakMap<object, tls.SecureContext>();
const contextOf = (server: Server): tls.SecureContext => {
  let c = contexts.get(server);
  if (!c) {
    c = tls.createSecureContext(server.options.tls || {});
    contexts.set(server, c);
  }
  return c;
};

function authTls(this: Connection): Promise<unknown> {
  if (!this.server.options.tls) return this.reply(502);
  if (this.secure) return this.reply(202);
  const plain = this.commandSocket;
  plain.pause();
  plain.write('234 Honored\r\n');
  const secure = new tls.TLSSocket(plain, { isServer: true, secureContext: contextOf(this.server) });
  // ftp-srv's listeners are on the plain socket: the secure one's events go to them. Closing the
  // secure socket leaves the TCP connection open (ftp-srv's 421 and close never reached the
  // client): it is closed with it, and then says 'close' itself.
  for (const event of ['data', 'timeout', 'end', 'drain', 'error']) {
    secure.on(event, (...args: unknown[]) => plain.emit(event, ...args));
  }
  secure.once('close', () => plain.destroy());
  this.commandSocket = secure;
  this.secure = true;
  return Promise.resolve();
}

// An IPv4 client of a dual-stack listener is named ::ffff:a.b.c.d.
const plainAddress = (a: string | undefined) => a?.replace(/^::ffff:/, '');

interface Passive {
  connection: Connection;
  server: Server;
  dataServer: net.Server | null;
  dataSocket: (net.Socket & { connected?: boolean }) | null;
  closeServer(): void;
  end(): void;
}

/** The passive data connection, open as soon as the client connects (see above). */
async function setupServer(this: Passive): Promise<net.Server> {
  this.closeServer();
  const port = await this.server.getNextPasvPort();
  this.dataSocket = null;
  let idle: NodeJS.Timeout | undefined;
  const server = net.createServer({ pauseOnConnect: true }, (raw) => {
    if (plainAddress(raw.remoteAddress) !== plainAddress(this.connection.commandSocket.remoteAddress)) {
      raw.destroy();
      void this.connection.reply(550, 'Remote addresses do not match').then(() => this.connection.close());
      return;
    }
    clearTimeout(idle);
    const socket: net.Socket & { connected?: boolean } = this.connection.secure
      ? new tls.TLSSocket(raw, { isServer: true, secureContext: contextOf(this.server) })
      : raw;
    socket.connected = true;
    socket.on('error', (error) =>
      this.server.emit('client-error', { connection: this.connection, context: 'dataSocket', error }),
    );
    socket.once('close', () => {
      raw.destroy();
      this.closeServer();
    });
    this.dataSocket = socket;
  });
  server.maxConnections = 1;
  server.on('error', (error) =>
    this.server.emit('client-error', { connection: this.connection, context: 'dataServer', error }),
  );
  server.once('close', () => this.end());
  this.dataServer = server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, this.server.url.hostname, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  // As ftp-srv: a data port nobody connects to closes after 30 s.
  idle = setTimeout(() => this.closeServer(), 30_000);
  return server;
}

let applied = false;

/** Replace ftp-srv's AUTH TLS handler and passive connector (once per process). */
export async function applyFtpSrvFixes(): Promise<void> {
  if (applied) return;
  const registry = (await import('ftp-srv/src/commands/registry.js')).default;
  const Passive = (await import('ftp-srv/src/connector/passive.js')).default;
  const auth = registry.AUTH;
  if (!auth) throw new Error('ftp-srv has no AUTH command to replace.');
  registry.AUTH = {
    ...auth,
    handler(this: FtpConnection, { command }) {
      return (command.arg ?? '').trim().toUpperCase() === 'TLS'
        ? authTls.call(this as Connection)
        : (this as Connection).reply(504);
    },
  };
  (Passive.prototype as unknown as Passive & { setupServer: typeof setupServer }).setupServer = setupServer;
  applied = true;
}
