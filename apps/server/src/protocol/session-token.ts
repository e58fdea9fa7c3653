import type { FastifyRequest } from 'fastify';
import { isKey } from '../tools/ids.js';
import { readCookies } from './cookies.js';

/**
 * The opaque session token of docs/protocol.md §1.7: base64 of {"id": <userId>, "secret":
 * <secret>}. It travels as the session cookie, inside X-Fallback-Cookies and in the realtime
 * `authentication` message.
 */
export function encodeSessionToken(userId: string, secret: string): string {
  return Buffer.from(JSON.stringify({ id: userId, secret })).toString('base64');
}

export function decodeSessionToken(token: string): { userId: string; secret: string } | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (!data || typeof data !== 'object') return null;
    const { id, secret } = data as { id?: unknown; secret?: unknown };
    // The id goes to the database: only a well-formed one is worth a lookup.
    if (typeof id !== 'string' || typeof secret !== 'string' || !isKey(id) || !secret) return null;
    return { userId: id, secret };
  } catch {
    return null;
  }
}

export const sessionCookieName = (projectId: string) => `a_session_${projectId}`;

export interface CarriedToken {
  token: string;
  via: 'cookie' | 'fallback';
}

/** Finds the session token: cookie, then the legacy cookie, then X-Fallback-Cookies (1.6). */
export function carriedSessionToken(req: FastifyRequest, projectId: string): CarriedToken | null {
  const name = sessionCookieName(projectId);
  const cookies = readCookies(req.headers.cookie);
  const fromCookie = cookies.get(name) || cookies.get(`${name}_legacy`);
  if (fromCookie && fromCookie !== 'deleted') return { token: fromCookie, via: 'cookie' };
  const fallback = req.headers['x-fallback-cookies'];
  if (typeof fallback === 'string' && fallback.startsWith('{')) {
    try {
      const value = (JSON.parse(fallback) as Record<string, unknown>)[name];
      if (typeof value === 'string' && value) return { token: value, via: 'fallback' };
    } catch {
      /* a broken header is simply no session */
    }
  }
  return null;
}
