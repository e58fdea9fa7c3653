import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Undoes quoted-printable: soft line breaks and =XX bytes (nodemailer wraps long lines). */
const unQuote = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * The first match of `pattern` in the newest e-mail to `to` that has one, in the server's
 * DATA_DIR/outbox, waiting a little for it to be written.
 */
export async function matchFromOutbox(
  dataDir: string,
  to: string,
  pattern: RegExp,
): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const raw = await readFile(join(dir, name), 'utf8');
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(raw)) continue;
      const found = pattern.exec(unQuote(raw.replace(/\r\n/g, '\n')));
      if (found) return found[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail matching ${String(pattern)} to ${to} in ${dir}`);
}

/** The first link of the newest e-mail to `to` with a link. */
export async function linkFromOutbox(dataDir: string, to: string): Promise<URL> {
  return new URL(await matchFromOutbox(dataDir, to, /https?:\/\/\S+/));
}

/** The six-digit code of the newest text message to `phone` in DATA_DIR/sms-outbox. */
export async function codeFromSms(dataDir: string, phone: string): Promise<string> {
  const text = await textFromSms(dataDir, phone, /\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(text)![1]!;
}

/** The newest text message to `phone` in DATA_DIR/sms-outbox that matches `pattern`. */
export async function textFromSms(
  dataDir: string,
  phone: string,
  pattern: RegExp,
): Promise<string> {
  const dir = join(dataDir, 'sms-outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const raw = await readFile(join(dir, name), 'utf8');
      if (!raw.includes(`To: ${phone}\n`)) continue;
      const text = raw.slice(raw.indexOf('\n\n') + 2).trim();
      if (pattern.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no text message matching ${String(pattern)} to ${phone} in ${dir}`);
}
