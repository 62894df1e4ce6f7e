import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import { OperationError } from '../../operations/errors';

export interface ReportMail {
  to: string[];
  subject: string;
  text: string;
  fileName: string;
  pdf: Buffer;
  /** The operation's id: a retried delivery carries the same Message-ID, so receivers drop it. */
  messageKey: string;
}

export const NO_SMTP = 'E-mail is not configured on this console (SMTP_URL).';

/** Send a report over SMTP (SMTP_URL, MAIL_FROM; README). */
export async function sendReportMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  mail: ReportMail,
): Promise<void> {
  if (!config.smtpUrl) throw new OperationError(NO_SMTP);
  const transport = nodemailer.createTransport(config.smtpUrl);
  try {
    await transport.sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: `<report-${mail.messageKey}@lifeboat>`,
      attachments: [{ filename: mail.fileName, content: mail.pdf, contentType: 'application/pdf' }],
    });
  } finally {
    transport.close();
  }
}
