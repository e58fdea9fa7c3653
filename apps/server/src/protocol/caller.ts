import { APPS_ROLE } from './permissions.js';
import type { Scope } from './scopes.js';

/**
 * Who is calling, as every module sees it. Resolved once per request by the account module's
 * authenticate function (wired in app.ts) and read through `request.caller`.
 */
export interface CallerUser {
  $id: string;
  email: string;
  phone: string;
  name: string;
  labels: string[];
  status: boolean;
  emailVerification: boolean;
  phoneVerification: boolean;
}

/** An API key (X-Appwrite-Key): the request acts as the server within the key's scopes. */
export interface CallerKey {
  id: string;
  name: string;
  scopes: readonly string[];
}

export interface Caller {
  user: CallerUser | null;
  /** The session the request carries by cookie, fallback header or JWT. */
  sessionId: string | null;
  via: 'cookie' | 'fallback' | 'jwt' | null;
  /** Permission roles held (docs/protocol.md §6.2), e.g. any, users, user:ID, label:admin. */
  roles: readonly string[];
  /** Set for a request made with an API key; never together with a session. */
  key: CallerKey | null;
  /**
   * The client's address (as TRUST_PROXY lets the server believe it), for a signed-in user's
   * request through the API: the shop counts unconfirmed orders per address (order-holds.ts).
   */
  ip?: string;
}

export const GUEST: Caller = Object.freeze({
  user: null,
  sessionId: null,
  via: null,
  roles: Object.freeze(['any', 'guests']),
  key: null,
});

/**
 * The caller an API key stands for (docs/protocol.md §6.2): 1.4's `applications` role, which
 * passes every permission check (protocol/permissions.ts); the pipeline has already held it to
 * the key's scopes.
 */
export const keyCaller = (key: CallerKey): Caller => ({
  user: null,
  sessionId: null,
  via: null,
  roles: ['any', APPS_ROLE],
  key,
});

/** Roles of docs/protocol.md §6.2 for a signed-in user. */
export function rolesOfUser(user: CallerUser): string[] {
  const verified = user.emailVerification || user.phoneVerification;
  const dimension = verified ? 'verified' : 'unverified';
  return [
    'any',
    'users',
    `user:${user.$id}`,
    `user:${user.$id}/${dimension}`,
    `users/${dimension}`,
    ...user.labels.map((label) => `label:${label}`),
  ];
}

/** The caller a live session (or its JWT) stands for. */
export const userCaller = (user: CallerUser, sessionId: string, via: Caller['via']): Caller => ({
  user,
  sessionId,
  via,
  roles: rolesOfUser(user),
  key: null,
});

export type { Scope } from './scopes.js';

export interface RateLimitRule {
  limit: number;
  /** Window length in seconds. */
  period: number;
  /** Parts of the key: url, ip, method, userId, chunkId or param:<name>. */
  key: readonly string[];
  /**
   * Counters are kept per route; routes that are one action under two paths (the login alias)
   * name a shared counter here, so switching path does not double the allowance.
   */
  shared?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Scope of docs/protocol.md §1.11 (protocol/scopes.ts); `public` when absent. */
    scope?: Scope;
    rateLimits?: readonly RateLimitRule[];
    /** Routes that answer their own way (the realtime socket) skip the API pipeline. */
    bypassPipeline?: boolean;
  }
}
