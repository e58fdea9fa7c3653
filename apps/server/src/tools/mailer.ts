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
  /** What the message is, for the owner's list of deliveries (`order-confirmation`, `recovery`). */
  kind?: string;
  /** Past this time the message is worth nothing (its link has expired): it is not retried. */
  expiresAt?: Date;
  /**
   * Anyone could have made the shop send it by typing the address (a sign-in link, a welcome
   * code): it counts against the recipient's limits and past them is held back, unsent.
   */
  limited?: boolean;
  /**
   * Sent once per recipient ever (the welcome code): a repeat sends `otherwise` instead (within
   * the limits), or nothing.
   */
  once?: boolean;
  otherwise?: Pick<MailMessage, 'subject' | 'text' | 'html'>;
}

/**
 * Where a message went: SMTP, a file in DATA_DIR/outbox, a text message (text-transport.ts),
 * the queue (delivery pending), or
 * nowhere: held back by the recipient's limits, or a once-only message already sent.
 */
export type Delivered = 'smtp' | 'outbox' | 'sms' | 'queued' | 'held';

export interface Mailer {
  /**
   * Keeps the message (modules/mail: a durable queue) and tries to deliver it; resolves once it
   * is kept, with where it went. A delivery that fails is retried later, never thrown here.
   */
  send(message: MailMessage): Promise<{ delivered: Delivered; id: string }>;
  /**
   * Whether a message of `kind` sent outside the mail queue (a code by SMS) may go to `to` now,
   * by the same per-recipient limits as the e-mails anyone can trigger (docs/limits.md).
   */
  admit(to: string, kind: string): Promise<boolean>;
}

/** Delivers one message now, or throws (the queue decides what happens next). */
export interface MailTransport {
  deliver(message: MailMessage): Promise<{ delivered: 'smtp' | 'outbox' | 'sms'; id: string }>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl: string | null;
  from: string;
  /** Messages are written here as .eml files when no SMTP server is configured. */
  outboxDir: string;
  log: (info: Record<string, unknown>, message: string) => void;
}

/** An SMTP server that does not answer is given up on after this long (then retried later). */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * E-mail delivery (D18, account mails): SMTP when SMTP_URL is set, otherwise a readable
 * `DATA_DIR/outbox/<time>-<id>.eml` per message and a log line saying where it is.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, {
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message) {
      const { to, subject, text, html } = message;
      const info = await transport.sendMail({ from: options.from, to, subject, text, html });
      if (options.smtpUrl) {
        options.log({ to, subject }, 'e-mail sent');
        return { delivered: 'smtp', id: String(info.messageId) };
      }
      const id = uniqueId();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.outboxDir, `${stamp}-${id}.eml`);
      const bytes = (info as unknown as { message: Buffer }).message;
      // The folder is made by the first message (and again if someone removed it).
      await writeFile(file, bytes).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
        await mkdir(options.outboxDir, { recursive: true });
        await writeFile(file, bytes);
      });
      options.log({ to, subject, file }, 'e-mail written to outbox');
      return { delivered: 'outbox', id };
    },
    close: () => transport.close(),
  };
}
