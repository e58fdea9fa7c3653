import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.js';
import type { TrustProxy } from '../config-proxy.js';
import { allowedOrigin } from '../protocol/origins.js';
import { CORS_GRANT } from './cors.js';
import type { KeptText } from '../modules/databases/read-cache.js';
import { isDraining } from './drain.js';
import { apiHeaders } from './security-headers.js';

export interface FrontDoorOptions {
  projectId: string;
  allowedHostnames: readonly string[];
  /** The security headers of every API answer (security-headers.ts `apiHeaders`). */
  headers: Readonly<Record<string, string>>;
  trustProxy: TrustProxy;
}

export interface FrontDoorStats {
  /** Requests answered at the door. */
  served: number;
  /** Requests for a remembered address whose kept answer had gone stale: the API answered. */
  stale: number;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface FrontDoor {
  /** Fastify's `serverFactory`: an HTTP server whose requests pass the door first. */
  serverFactory(handler: Listener, options: FastifyServerOptions): Server;
  /** The Fastify server, once made: its logger for request lines, and whether it drains. */
  attach(server: FastifyInstance): void;
  /**
   * Called by a route that answered a guest's GET with an answer kept for everyone: the same
   * request again is answered at the door while `again` finds the kept text current.
   */
  remember(req: IncomingMessage, again: KeptText): void;
  stats(): FrontDoorStats;
}

/** Addresses remembered at most (each a URL and a closure; the texts live in the read cache). */
const MAX_ADDRESSES = 10_000;
const JSON_TYPE = 'application/json; charset=utf-8';

interface Remembered {
  again: KeptText;
  /** The project came in the query string (the address names it), not in the header. */
  projectInQuery: boolean;
  /** The last text sent, and its length in bytes. */
  text: string;
  bytes: number;
}

/** Headers as a flat list for writeHead, named in lower case as Fastify names them. */
const lowerCased = (headers: Readonly<Record<string, string>>) =>
  Object.entries(headers).flatMap(([name, value]) => [name.toLowerCase(), value]);

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
 * The front door (docs/architecture.md, "The API's hot paths"): a guest's repeat of a read whose
 * answer is everyone's (a product list, a product) is answered here, before the framework, with
 * the very bytes and headers the API sent, as long as the collection's write count says the kept
 * answer is current. The count is read as the API reads it (read-cache.ts: one read per turn of
 * the event loop, after the requests of that turn arrived), so a write committed by any server
 * before the request was sent is seen. Only addresses the API itself answered for a guest are
 * remembered, so every request answered here is one the API has checked (route, project, ids,
 * queries, permissions) in exactly that form. A stale answer, a signed-in caller, another
 * project or method: the request goes on to the API as if the door were not there.
 */
export function frontDoor(options: FrontDoorOptions): FrontDoor {
  const remembered = new LRUCache<string, Remembered>({ max: MAX_ADDRESSES });
  const stats: FrontDoorStats = { served: 0, stale: 0 };
  // The headers of an answer to a caller of no other origin, as a flat list for writeHead.
  const base = [...lowerCased(options.headers), 'vary', 'Origin'];
  const grant = lowerCased(CORS_GRANT);
  const trusted = options.trustProxy ? proxyAddr.compile(options.trustProxy) : null;
  let log: FastifyBaseLogger | null = null;
  let fastify: FastifyInstance | null = null;
  let served = 0;

  const projectFits = (h: IncomingHttpHeaders, r: Remembered) => {
    const project = h['x-appwrite-project'];
    return project === undefined || project === ''
      ? r.projectInQuery
      : project === options.projectId;
  };

  /** What the request log's `req` serializer reads of a request (logging.ts). */
  const logView = (req: IncomingMessage) => {
    const h = req.headers;
    const viaProxy = trusted !== null && trusted(req.socket.remoteAddress ?? '', 0);
    const forwardedHost = h['x-forwarded-host'];
    const ips = trusted ? proxyAddr.all(req, trusted) : [req.socket.remoteAddress];
    return {
      method: req.method,
      url: req.url,
      host:
        viaProxy && forwardedHost
          ? String(forwardedHost).split(',').at(-1)!.trim()
          : (h.host ?? ''),
      ip: ips[ips.length - 1],
      socket: req.socket,
    };
  };

  function send(req: IncomingMessage, res: ServerResponse, r: Remembered, text: string) {
    const started = log ? performance.now() : 0;
    const reqId = log ? `door-${(served = (served + 1) & 0x7fffffff).toString(36)}` : '';
    if (log) log.info({ reqId, req: logView(req) }, 'incoming request');
    if (text !== r.text) {
      r.text = text;
      r.bytes = Buffer.byteLength(text);
    }
    // In the order, and with the names, the API writes them.
    const headers = base.slice();
    const origin = req.headers.origin;
    if (origin !== undefined && allowedOrigin(origin, options.allowedHostnames)) {
      headers.push('access-control-allow-origin', origin, ...grant);
    }
    headers.push('content-type', JSON_TYPE);
    if (fastify && isDraining(fastify)) headers.push('connection', 'close');
    headers.push('content-length', String(r.bytes));
    res.writeHead(200, headers);
    res.end(text);
    stats.served++;
    if (log) {
      const responseTime = performance.now() - started;
      log.info({ reqId, res: { statusCode: 200 }, responseTime }, 'request completed');
    }
  }

  const listener =
    (api: Listener): Listener =>
    (req, res) => {
      const r = req.method === 'GET' ? remembered.get(req.url!) : undefined;
      if (r === undefined || !mayBeGuest(req.headers) || !projectFits(req.headers, r)) {
        api(req, res);
        return;
      }
      r.again().then(
        (text) => {
          if (text !== null) return send(req, res, r, text);
          stats.stale++;
          api(req, res);
        },
        () => api(req, res),
      );
    };

  return {
    serverFactory(handler, o) {
      // What Fastify sets on a server it makes itself (fastify/lib/server.js).
      const server = createServer(listener(handler));
      server.keepAliveTimeout = o.keepAliveTimeout!;
      server.requestTimeout = o.requestTimeout!;
      server.setTimeout(o.connectionTimeout!);
      if (o.maxRequestsPerSocket! > 0) server.maxRequestsPerSocket = o.maxRequestsPerSocket!;
      return server;
    },
    attach(server) {
      fastify = server;
      // Request lines as Fastify writes them, when its logger writes them at all.
      const l = server.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
      log = l.isLevelEnabled?.('info') ? l : null;
    },
    remember(req, again) {
      const project = req.headers['x-appwrite-project'];
      remembered.set(req.url!, {
        again,
        projectInQuery: project === undefined || project === '',
        text: '',
        bytes: 0,
      });
    },
    stats: () => ({ ...stats }),
  };
}

/** The server's front door, as its configuration has it. */
export const frontDoorFor = (config: Readonly<Config>): FrontDoor =>
  frontDoor({
    projectId: config.ids.project,
    allowedHostnames: config.allowedHostnames,
    headers: apiHeaders(config),
    trustProxy: config.trustProxy,
  });
