import nodemailer from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer';
import type { Config } from '../config';
import { OperationError } from '../operations/errors';

// The console's one SMTP transport (SMTP_URL, MAIL_FROM; README): reports and alert e-mails.

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  /** Stable per message: a retried delivery carries the same Message-ID, so receivers drop it. */
  messageId: string;
  attachments?: Attachment[];
}

export const NO_SMTP = 'E-mail is not configured on this console (SMTP_URL).';

export async function sendMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  mail: OutgoingMail,
): Promise<void> {
  if (!config.smtpUrl) throw new OperationError(NO_SMTP);
  const transport = nodemailer.createTransport(config.smtpUrl);
  try {
    await transport.sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      attachments: mail.attachments,
    });
  } finally {
    transport.close();
  }
}
