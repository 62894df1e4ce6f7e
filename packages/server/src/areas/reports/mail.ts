import type { Config } from '../../config';
import { sendMail } from '../../mail/smtp';

export interface ReportMail {
  to: string[];
  subject: string;
  text: string;
  fileName: string;
  pdf: Buffer;
  /** The operation's id: a retried delivery carries the same Message-ID, so receivers drop it. */
  messageKey: string;
}

/** Send a report over SMTP (SMTP_URL, MAIL_FROM; README). */
export async function sendReportMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  mail: ReportMail,
): Promise<void> {
  await sendMail(config, {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: `<report-${mail.messageKey}@lifeboat>`,
    attachments: [{ filename: mail.fileName, content: mail.pdf, contentType: 'application/pdf' }],
  });
}
