import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowedOrigin } from '../protocol/origins.js';

/**
 * Headers of docs/protocol.md §1.10; the preflight list is asserted verbatim by Appwrite's tests.
 */
const ALLOW_HEADERS =
  'Origin, Cookie, Set-Cookie, X-Requested-With, Content-Type, Access-Control-Allow-Origin, Access-Control-Request-Headers, Accept, X-Appwrite-Project, X-Appwrite-Key, X-Appwrite-Locale, X-Appwrite-Mode, X-Appwrite-JWT, X-Appwrite-Response-Format, X-Appwrite-Timeout, X-SDK-Version, X-SDK-Name, X-SDK-Language, X-SDK-Platform, X-SDK-GraphQL, X-Appwrite-ID, X-Appwrite-Timestamp, Content-Range, Range, Cache-Control, Expires, Pragma';

/** What a preflight alone needs: a browser reads them there and nowhere else. */
const PREFLIGHT = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
  'Access-Control-Allow-Headers': `${ALLOW_HEADERS}, X-Fallback-Cookies`,
  'Access-Control-Max-Age': '600',
} as const;

/** What an allowed origin's every answer needs, besides its Access-Control-Allow-Origin. */
export const CORS_GRANT = {
  'Access-Control-Allow-Credentials': 'true',
  'Access-Control-Expose-Headers': 'X-Fallback-Cookies',
} as const;

/**
 * The CORS headers of an API answer, errors included, so the browser can read them: an allowed
 * origin gets its grant. A request without an Origin is no cross-origin one (a browser always
 * names the origin of a cross-origin request) and needs none. Every answer says it varies by
 * Origin, so no cache hands one origin's answer to another.
 */
export function corsHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  allowedHostnames: readonly string[],
): void {
  reply.header('Vary', 'Origin');
  const origin = req.headers.origin;
  if (origin && allowedOrigin(origin, allowedHostnames)) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.headers(CORS_GRANT);
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
      reply.headers(PREFLIGHT);
      // Answered here: the request goes no further (Fastify stops once a hook has replied).
      reply.code(204).send();
      return;
    }
    done();
  };
}
