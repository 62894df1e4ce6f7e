import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@lifeboat/contract';
import { SMTPServer } from 'smtp-server';

// What the console's alert delivery reaches during a burst, run by the bench itself: a real SMTP
// server (the `smtp-server` package, as the alert e-mail tests use) and an HTTP receiver that
// checks each webhook's signature on its own, with node:crypto (not the console's signing code):
// HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret, sent as `t=<unix>,v1=<hex>`
// (docs/decisions.md 'Webhooks').

export interface Mail {
  at: number;
  subject: string;
  bytes: number;
}

export interface Inbox {
  url: string;
  mails: Mail[];
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 50 * 1024 * 1024,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const head = raw.split('\r\n\r\n')[0]?.replace(/\r\n[ \t]+/g, ' ') ?? '';
        mails.push({ at: Date.now(), subject: /^Subject: (.*)$/im.exec(head)?.[1] ?? '', bytes: raw.length });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

export interface Hooks {
  url: string;
  /** The endpoint's secret, shown once by the call that creates the endpoint. */
  setSecret(secret: string): void;
  /** Verified deliveries: delivery id -> when each copy arrived (a second copy is a duplicate). */
  received: Map<string, number[]>;
  /** Requests whose signature, delivery id or body did not check out (answered 401). */
  refused: number;
  close(): Promise<void>;
}

/** Whether `header` (t=<unix>,v1=<hex>) signs `body` with `secret`. */
export function signatureHolds(secret: string, header: string, body: string): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1 || !/^\d+$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const want = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(want, Buffer.from(v1, 'hex'));
}

export async function startHooks(): Promise<Hooks> {
  let secret: string | null = null;
  const hooks = { received: new Map<string, number[]>(), refused: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString();
      const id = String(req.headers[WEBHOOK_DELIVERY_HEADER.toLowerCase()] ?? '');
      const signature = String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? '');
      let bodyId: unknown = null;
      try {
        bodyId = (JSON.parse(body) as { id?: unknown }).id;
      } catch {
        // An unreadable body is refused below.
      }
      if (secret === null || !id || bodyId !== id || !signatureHolds(secret, signature, body)) {
        hooks.refused++;
        res.writeHead(401).end();
        return;
      }
      const copies = hooks.received.get(id) ?? [];
      copies.push(at);
      hooks.received.set(id, copies);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/lifeboat`,
    setSecret: (s) => {
      secret = s;
    },
    get received() {
      return hooks.received;
    },
    get refused() {
      return hooks.refused;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
