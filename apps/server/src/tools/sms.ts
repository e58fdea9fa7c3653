import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uniqueId } from './ids.js';

/** One text message: the number in E.164 form and the words. */
export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  /** Posts the message to the webhook, or writes it to the SMS outbox; says where it went. */
  send(message: SmsMessage): Promise<{ delivered: 'webhook' | 'outbox'; id: string }>;
}

export interface SmsOptions {
  /** A webhook that receives `{"from","to","text"}` as JSON; null means the outbox. */
  webhookUrl: string | null;
  from: string;
  /** Messages are written here as .txt files when no webhook is configured. */
  outboxDir: string;
  log: (info: Record<string, unknown>, message: string) => void;
  /** The HTTP client; tests may pass their own. */
  fetch?: typeof fetch;
}

/**
 * SMS delivery: a POST to SMS_URL (a gateway or a small relay in front of one) when it is set,
 * otherwise a readable `DATA_DIR/sms-outbox/<time>-<id>.txt` per message and a log line.
 */
export function createSmsSender(options: SmsOptions): SmsSender {
  const post = options.fetch ?? fetch;
  return {
    async send(message) {
      const id = uniqueId();
      if (options.webhookUrl) {
        const res = await post(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, from: options.from, to: message.to, text: message.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
        options.log({ to: message.to }, 'SMS sent');
        return { delivered: 'webhook', id };
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.outboxDir, `${stamp}-${id}.txt`);
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(file, `From: ${options.from}\nTo: ${message.to}\n\n${message.text}\n`);
      options.log({ to: message.to, file }, 'SMS written to outbox');
      return { delivered: 'outbox', id };
    },
  };
}
