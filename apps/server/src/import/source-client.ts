import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

/**
 * How `npm run import` talks to the old project: plain HTTP GETs with 1.4's headers, trusting
 * nothing the answers say. The key goes only to the old project's own origin: a redirect to
 * another origin is followed without it. A JSON answer stops being read past MAX_ANSWER_BYTES, a
 * download past the file's declared size; a hop count and a time limit hold each request.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const REQUEST_MS = 120_000;

/** A refusal or failure of the old project's API, with 1.4's code and type when it gave them. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly type: string,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

export interface SourceClient {
  /** A JSON answer of `path` (under the endpoint), with 1.4's `queries[]`. */
  get(path: string, queries?: readonly string[]): Promise<unknown>;
  /** The bytes of `path`, refused past `declared` bytes (or short of them). */
  download(path: string, declared: number, what: string): Promise<Buffer>;
}

export interface SourceClientOptions {
  endpoint: string;
  project: string;
  key: string;
  maxAnswerBytes?: number;
}

/** The answer of `url`, redirects followed by hand: the key only ever to the source's origin. */
async function fetchFrom(opts: SourceClientOptions, url: URL): Promise<Response> {
  const origin = new URL(opts.endpoint).origin;
  let at = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const own = at.origin === origin;
    const headers: Record<string, string> = own
      ? { 'X-Appwrite-Project': opts.project, 'X-Appwrite-Key': opts.key }
      : {};
    const res = await fetch(at, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_MS),
    }).catch((e: unknown) => {
      throw new SourceError(e instanceof Error ? e.message : String(e), 0, 'network');
    });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res;
    await res.body?.cancel();
    at = new URL(location, at);
    if (at.protocol !== 'http:' && at.protocol !== 'https:') {
      throw new SourceError(`a redirect to ${at.protocol} is not followed`, 0, 'network');
    }
  }
  throw new SourceError(`more than ${MAX_REDIRECTS} redirects`, 0, 'network');
}

/** Reads a body chunk by chunk, handing each on; refused once past `limit` bytes. */
async function readCapped(
  res: Response,
  limit: number,
  tooMuch: () => SourceError,
  each: (chunk: Uint8Array) => void,
): Promise<number> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await res.body?.cancel();
    throw tooMuch();
  }
  let total = 0;
  const reader = res.body?.getReader();
  if (!reader) return 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooMuch();
    }
    each(value);
  }
}

/** 1.4's error answer, or what the status alone says. */
function refusal(res: Response, text: string): SourceError {
  try {
    const body = JSON.parse(text) as { message?: unknown; type?: unknown };
    if (typeof body.message === 'string') {
      return new SourceError(
        body.message,
        res.status,
        typeof body.type === 'string' ? body.type : 'unknown',
      );
    }
  } catch {
    // Not 1.4's shape: the status says it.
  }
  return new SourceError(`HTTP ${res.status} ${res.statusText}`.trim(), res.status, 'unknown');
}

export function sourceClient(opts: SourceClientOptions): SourceClient {
  const limit = opts.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const urlOf = (path: string, queries: readonly string[] = []) => {
    const url = new URL(`${opts.endpoint}${path}`);
    for (const q of queries) url.searchParams.append('queries[]', q);
    return url;
  };
  return {
    async get(path, queries) {
      const res = await fetchFrom(opts, urlOf(path, queries));
      const chunks: Uint8Array[] = [];
      const tooMuch = () =>
        new SourceError(`its answer to ${path} is over ${limit} bytes: not read`, 0, 'too_large');
      await readCapped(res, limit, tooMuch, (c) => chunks.push(c));
      const text = Buffer.concat(chunks).toString('utf8');
      if (!res.ok) throw refusal(res, text);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new SourceError(`its answer to ${path} is not JSON`, res.status, 'not_json');
      }
    },
    async download(path, declared, what) {
      const res = await fetchFrom(opts, urlOf(path));
      if (!res.ok) {
        const chunks: Uint8Array[] = [];
        await readCapped(
          res,
          64 * 1024,
          () => refusal(res, ''),
          (c) => chunks.push(c),
        );
        throw refusal(res, Buffer.concat(chunks).toString('utf8'));
      }
      // Onto the disk as it comes, never more than the file said it holds.
      const dir = await mkdtemp(join(tmpdir(), 'courtside-import-'));
      try {
        const file = join(dir, 'bytes');
        const out = createWriteStream(file);
        const tooMuch = () =>
          new SourceError(
            `${what}: the old project sent more than its declared ${declared} bytes`,
            0,
            'too_large',
          );
        const got = await readCapped(res, declared, tooMuch, (c) => out.write(c)).finally(() =>
          out.end(),
        );
        await finished(out);
        if (got !== declared) {
          throw new SourceError(
            `${what}: the old project sent ${got} bytes of its declared ${declared}`,
            0,
            'short',
          );
        }
        return await readFile(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
