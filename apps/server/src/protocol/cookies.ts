import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDomain } from 'tldts';

/** Reads the Cookie header into a map; values are URL-decoded (docs/protocol.md §1.8). */
export function readCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    if (out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      out.set(name, raw);
    }
  }
  return out;
}

export interface CookieOptions {
  expires: Date;
  secure: boolean;
  /** undefined: no SameSite attribute at all (the legacy cookie). */
  sameSite?: 'Lax' | 'None';
  maxAge?: number;
}

export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `expires=${o.expires.toUTCString()}`];
  if (o.maxAge !== undefined) parts.push(`Max-Age=${o.maxAge}`);
  parts.push('path=/', 'HttpOnly');
  if (o.secure) parts.push('Secure');
  if (o.sameSite) parts.push(`SameSite=${o.sameSite}`);
  return parts.join('; ');
}

/** Fastify appends each set-cookie value rather than replacing the previous one. */
export function appendSetCookie(reply: FastifyReply, cookie: string): void {
  reply.header('set-cookie', cookie);
}

export const isHttps = (req: FastifyRequest) => req.protocol === 'https';

function hostOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).hostname;
  } catch {
    return null;
  }
}

/**
 * "Domain verification" of docs/protocol.md §1.9: true when the caller's Origin (or Referer) shares
 * a registrable domain with the API host. When it does not (another site, localhost, an IP, no
 * Origin at all), the session also travels in the X-Fallback-Cookies header.
 */
export function sameSiteCaller(req: FastifyRequest): boolean {
  const callerHost = hostOf(req.headers.origin) ?? hostOf(req.headers.referer);
  if (!callerHost) return false;
  const callerDomain = getDomain(callerHost);
  const apiDomain = getDomain(req.hostname);
  return callerDomain !== null && callerDomain === apiDomain;
}
