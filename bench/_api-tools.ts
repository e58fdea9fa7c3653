/**
 * What the API bench's parts share: wrk's output read back, a process's CPU and disk from /proc,
 * the Web SDK's list paths, answers read as JSON, medians.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const PROJECT = { 'X-Appwrite-Project': 'courtside' };

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The query string the Web SDK sends for these queries. */
export const listPath = (queries: string[]) =>
  '/v1/databases/shop/collections/products/documents?' +
  queries
    .map((q, i) => `${encodeURIComponent(`queries[${i}]`)}=${encodeURIComponent(q)}`)
    .join('&');

/**
 * CPU time the process has used, in ms (user and system, from /proc): per request it is a
 * figure a busy machine disturbs far less than requests per second.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, in ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Bytes the process has had written to disk (from /proc): the database's and the outbox's. */
export function writtenBytes(pid: number): number {
  return Number(/write_bytes:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
}

/** A memory figure of the process from /proc, in MB: VmRSS now, or VmHWM (its peak so far). */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

const MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** What a wrk run printed: requests a second, p99 in ms, answers not 2xx or 3xx, requests. */
export function readWrk(out: string) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  if (!rps || !p99 || !Number.isFinite(requests)) throw new Error(`wrk said:\n${out}`);
  return { rps, p99: Number(p99[1]) * MS[p99[2]!]!, errors, requests };
}

export async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface Customer {
  id: string;
  email: string;
  cookie: string;
}

/** A customer signed up and signed in: the session cookie its requests carry. */
export async function signUp(shop: string, n: number): Promise<Customer> {
  const email = `bench.${n}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'bench-password-1';
  const headers = { ...PROJECT, 'Content-Type': 'application/json' };
  const user = await json<{ $id: string }>(
    await fetch(`${shop}/v1/account`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userId: 'unique()', email, password, name: `Customer ${n}` }),
    }),
    'sign-up',
  );
  const session = await fetch(`${shop}/v1/account/sessions/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  await json(session, 'sign-in');
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('a_session_'))
    .join('; ');
  return { id: user.$id, email, cookie };
}
