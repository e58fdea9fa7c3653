import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { uniqueId } from './ids.js';

/** One e-mail; `text` is always sent, `html` when the message has a formatted version. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends through SMTP, or writes the message to the outbox; resolves to where it went. */
  send(message: MailMessage): Promise<{ delivered: 'smtp' | 'outbox'; id: string }>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /** Messages are written here as .eml files when no SMTP server is configured. */
  outboxDir: string;
  log: (info: Record<string, unknown>, message: string) => void;
}

/**
 * E-mail delivery (D18, account mails): SMTP when SMTP_URL is set, otherwise a readable
 * `DATA_DIR/outbox/<time>-<id>.eml` per message and a log line saying where it is.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) {
        options.log({ to: message.to, subject: message.subject }, 'e-mail sent');
        return { delivered: 'smtp', id: String(info.messageId) };
      }
      const id = uniqueId();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.outboxDir, `${stamp}-${id}.eml`);
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      options.log({ to: message.to, subject: message.subject, file }, 'e-mail written to outbox');
      return { delivered: 'outbox', id };
    },
  };
}
