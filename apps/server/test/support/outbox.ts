import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a test reads back from DATA_DIR/outbox (e-mails) and DATA_DIR/sms-outbox (texts). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes (nodemailer wraps long lines). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseEml(file: string, raw: string): OutboxMail {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = raw.slice(0, split?.index ?? raw.length).replace(/\r/g, '');
  const body = split ? raw.slice(split.index + split[0].length).replace(/\r\n/g, '\n') : '';
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  const qp = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  return {
    file,
    to: header('To'),
    subject: header('Subject'),
    text: qp ? decodeQuotedPrintable(body) : body,
  };
}

async function files(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

export async function readMails(dataDir: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await files(dir)).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    names.map(async (f) => parseEml(join(dir, f), await readFile(join(dir, f), 'utf8'))),
  );
}

/** The newest e-mail to this address; fails the test when there is none. */
export async function lastMailTo(dataDir: string, to: string): Promise<OutboxMail> {
  const mine = (await readMails(dataDir)).filter((m) => m.to.toLowerCase() === to.toLowerCase());
  const last = mine.at(-1);
  if (!last) throw new Error(`no e-mail to ${to} in the outbox`);
  return last;
}

/** The first link in an e-mail's text. */
export function linkIn(mail: OutboxMail): URL {
  const m = /https?:\/\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in "${mail.subject}"`);
  return new URL(m[0]);
}

/** The newest SMS to this number, with the six-digit code it carries. */
export async function lastSmsTo(
  dataDir: string,
  phone: string,
): Promise<{ text: string; code: string }> {
  const dir = join(dataDir, 'sms-outbox');
  const texts = await Promise.all((await files(dir)).map((f) => readFile(join(dir, f), 'utf8')));
  const last = texts.filter((t) => t.includes(`To: ${phone}\n`)).at(-1);
  if (!last) throw new Error(`no SMS to ${phone} in the outbox`);
  const code = /\b(\d{6})\b/.exec(last)?.[1];
  if (!code) throw new Error('no code in the SMS');
  return { text: last, code };
}

/** Every SMS to this number, oldest first: the words after the header. */
export async function smsTo(dataDir: string, phone: string): Promise<string[]> {
  const dir = join(dataDir, 'sms-outbox');
  const texts = await Promise.all((await files(dir)).map((f) => readFile(join(dir, f), 'utf8')));
  return texts
    .filter((t) => t.includes(`To: ${phone}\n`))
    .map((t) => t.slice(t.indexOf('\n\n') + 2).trim());
}
