import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDomain } from 'tldts';
import {
  appendSetCookie,
  isHttps,
  sameSiteCaller,
  serializeCookie,
} from '../../../protocol/cookies.js';
import { sessionCookieName } from '../../../protocol/session-token.js';

export interface TransportSettings {
  projectId: string;
  publicUrl: URL;
  webUrl: URL;
}

/**
 * How a session reaches the browser (docs/protocol.md §1.8, 1.9, addition 2): the session cookie
 * and its legacy twin, HttpOnly; SameSite=Lax when the web app is on the API's site (the default,
 * since the backend serves it), SameSite=None; Secure when it lives on another site; plus the
 * X-Fallback-Cookies header for callers the cookie cannot reach.
 */
export function sessionTransport(s: TransportSettings) {
  const name = sessionCookieName(s.projectId);
  const crossSite =
    s.webUrl.hostname !== s.publicUrl.hostname &&
    (getDomain(s.webUrl.hostname) ?? s.webUrl.hostname) !==
      (getDomain(s.publicUrl.hostname) ?? s.publicUrl.hostname);
  const secureFor = (req: FastifyRequest) =>
    crossSite || isHttps(req) || s.publicUrl.protocol === 'https:';

  return {
    issue(req: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
      const secure = secureFor(req);
      appendSetCookie(reply, serializeCookie(`${name}_legacy`, token, { expires, secure }));
      appendSetCookie(
        reply,
        serializeCookie(name, token, { expires, secure, sameSite: crossSite ? 'None' : 'Lax' }),
      );
      if (!sameSiteCaller(req))
        reply.header('X-Fallback-Cookies', JSON.stringify({ [name]: token }));
    },
    clear(req: FastifyRequest, reply: FastifyReply) {
      const secure = secureFor(req);
      const expires = new Date(1000);
      appendSetCookie(
        reply,
        serializeCookie(`${name}_legacy`, 'deleted', { expires, secure, maxAge: 0 }),
      );
      appendSetCookie(
        reply,
        serializeCookie(name, 'deleted', {
          expires,
          secure,
          maxAge: 0,
          sameSite: crossSite ? 'None' : 'Lax',
        }),
      );
      reply.header('X-Fallback-Cookies', '[]');
    },
  };
}

export type SessionTransport = ReturnType<typeof sessionTransport>;
