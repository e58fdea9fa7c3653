import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers of docs/protocol.md §1.10; the preflight list is asserted verbatim by Appwrite's tests.
 */
const ALLOW_HEADERS =
  'Origin, Cookie, Set-Cookie, X-Requested-With, Content-Type, Access-Control-Allow-Origin, Access-Control-Request-Headers, Accept, X-Appwrite-Project, X-Appwrite-Key, X-Appwrite-Locale, X-Appwrite-Mode, X-Appwrite-JWT, X-Appwrite-Response-Format, X-Appwrite-Timeout, X-SDK-Version, X-SDK-Name, X-SDK-Language, X-SDK-Platform, X-SDK-GraphQL, X-Appwrite-ID, X-Appwrite-Timestamp, Content-Range, Range, Cache-Control, Expires, Pragma';

const EVERY_ANSWER = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
  'Access-Control-Expose-Headers': 'X-Fallback-Cookies',
  'Access-Control-Allow-Credentials': 'true',
} as const;

export function originHostname(req: FastifyRequest): string | null {
  const source = req.headers.origin ?? req.headers.referer;
  if (!source) return null;
  try {
    return new URL(source).hostname;
  } catch {
    return null;
  }
}

/** The headers every API answer carries, errors included, so the browser can read them. */
export function corsHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  allowedHostnames: readonly string[],
): void {
  const origin = req.headers.origin;
  reply.headers(EVERY_ANSWER);
  if (!origin) return;
  const host = originHostname(req);
  if (host && allowedHostnames.includes(host)) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
  }
}

/**
 * Adds the CORS headers to every API response; answers OPTIONS preflights with 204. An origin
 * whose hostname is not allowed gets no Access-Control-Allow-Origin, so the browser blocks it.
 */
export function corsHook(allowedHostnames: readonly string[]) {
  return (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    corsHeaders(req, reply, allowedHostnames);
    if (req.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Headers', `${ALLOW_HEADERS}, X-Fallback-Cookies`);
      reply.header('Access-Control-Max-Age', '600');
      // Answered here: the request goes no further (Fastify stops once a hook has replied).
      reply.code(204).send();
      return;
    }
    reply.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
    done();
  };
}
