import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for a browser test (smtp-server, which we did not write): the console it
// starts sends over SMTP_URL to it, and the test reads back what arrived, as a person's mail
// client would: the subject and the body.

export interface Mail {
  to: string[];
  subject: string;
  body: string;
}

export interface Inbox {
  port: number;
  mails: Mail[];
  close(): Promise<void>;
}

/** Headers are folded on long lines; the body is quoted-printable (soft breaks, =XX escapes). */
function read(raw: string, to: string[]): Mail {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const subject = /^Subject: (.*)$/im.exec(head.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '';
  const body = rest
    .join('\r\n\r\n')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return { to, subject, body };
}

export async function startInbox(): Promise<Inbox> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          read(
            Buffer.concat(chunks).toString(),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
