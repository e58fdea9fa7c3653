import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { KeptReadListener, KeptText } from '../modules/databases/documents/read-cache.js';
import type { Config } from '../config.js';
import { corsHeaders } from './cors.js';
import { apiHeaders } from './security-headers.js';

export interface KeptReadsStats {
  /** Requests answered from a kept read. */
  served: number;
  /** Requests for a remembered address whose kept answer had gone stale: the API answered. */
  stale: number;
  /** What the remembered addresses take now, in bytes (at most the bound). */
  bytes: number;
}

export interface KeptReads extends KeptReadListener {
  stats(): KeptReadsStats;
}

/** What remembering addresses may take, in bytes (an address and its entry, not the answers). */
export const KEPT_READS_MAX_BYTES = 4 * 1024 * 1024;
/** An entry's own cost beside its address: the closure and the record. */
const ENTRY_BYTES = 200;
const JSON_TYPE = 'application/json; charset=utf-8';

interface Remembered {
  again: KeptText;
  /** The project came in the query string (the address names it), not in the header. */
  projectInQuery: boolean;
}

/**
 * A request that may be a guest's: it carries no API key, no JWT, no fallback cookies and no
 * session cookie. Anything else goes to the API, which works out who is asking.
 */
const mayBeGuest = (h: IncomingHttpHeaders) =>
  h['x-appwrite-key'] === undefined &&
  h['x-appwrite-jwt'] === undefined &&
  h['x-fallback-cookies'] === undefined &&
  (h.cookie === undefined || !h.cookie.includes('a_session_'));

/**
 * Kept reads (docs/architecture.md, "The API's hot paths"): a guest's repeat of a read whose
 * answer is everyone's (a product list, a product) is answered by the server's first hook, before
 * the API's pipeline, as long as the collection's write count says the kept answer is current.
 * The count is read as the API reads it (read-cache.ts: one read per turn of the event loop, after
 * the requests of that turn arrived), so a write committed by any server before the request was
 * sent is seen. Only addresses the API itself answered for a guest are remembered, so every
 * request answered here is one the API has checked (route, project, ids, queries, permissions) in
 * exactly that form, with the API's own headers (security-headers.ts, cors.ts). A stale answer, a signed-in caller, another project or method: the
 * request goes on to the API. What is remembered is bounded in bytes, so no number of distinct
 * addresses a guest asks for can make it hold more.
 */
export function keptReads(
  server: FastifyInstance,
  options: {
    projectId: string;
    allowedHostnames: readonly string[];
    /** The security headers of every API answer (security-headers.ts `apiHeaders`). */
    headers: Readonly<Record<string, string>>;
    maxBytes?: number;
  },
): KeptReads {
  const remembered = new LRUCache<string, Remembered>({
    maxSize: options.maxBytes ?? KEPT_READS_MAX_BYTES,
    sizeCalculation: (_r, url) => url.length * 2 + ENTRY_BYTES,
  });
  const stats = { served: 0, stale: 0 };
  const projectFits = (h: IncomingHttpHeaders, r: Remembered) => {
    const project = h['x-appwrite-project'];
    return project === undefined || project === ''
      ? r.projectInQuery
      : project === options.projectId;
  };

  server.addHook('onRequest', (req, reply, done) => {
    const r = req.method === 'GET' ? remembered.get(req.url) : undefined;
    if (r === undefined || !mayBeGuest(req.headers) || !projectFits(req.headers, r)) {
      return done();
    }
    r.again().then(
      (text) => {
        if (text === null) {
          stats.stale++;
          return done();
        }
        stats.served++;
        reply.headers(options.headers);
        corsHeaders(req, reply, options.allowedHostnames);
        // Answered here: Fastify runs no further onRequest hook nor the route.
        void reply.type(JSON_TYPE).send(text);
      },
      () => done(),
    );
  });

  return {
    remember(req: IncomingMessage, again: KeptText) {
      const project = req.headers['x-appwrite-project'];
      remembered.set(req.url!, { again, projectInQuery: project === undefined || project === '' });
    },
    stats: () => ({ ...stats, bytes: remembered.calculatedSize }),
  };
}

/** The server's kept reads, as its configuration has them. */
export const keptReadsFor = (server: FastifyInstance, config: Readonly<Config>): KeptReads =>
  keptReads(server, {
    projectId: config.ids.project,
    allowedHostnames: config.allowedHostnames,
    headers: apiHeaders(config),
  });
