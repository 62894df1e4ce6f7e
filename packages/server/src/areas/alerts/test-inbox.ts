import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for the alert e-mail tests (deliver, digest, remind): what the console sends
// is received over SMTP by a server we did not write, and read back from its raw text.

export interface Received {
  to: string[];
  raw: string;
}

export interface Inbox {
  port: number;
  close(): Promise<void>;
}

/** Listens on `port` (0: any free one) and pushes every message received into `into`. */
export async function startInbox(into: Received[], port = 0): Promise<Inbox> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        into.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

/** A header's value; long header lines are folded, so they are unfolded first. */
export const header = (m: Received, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(
    m.raw.split('\r\n\r\n')[0]?.replace(/\r\n[ \t]+/g, ' ') ?? '',
  )?.[1];

/** The body, quoted-printable undone (soft line breaks and =XX escapes). */
export const bodyOf = (m: Received) =>
  m.raw
    .split('\r\n\r\n')
    .slice(1)
    .join('\r\n\r\n')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
