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

export interface Caller {
  user: CallerUser | null;
  /** The session the request carries by cookie, fallback header or JWT. */
  sessionId: string | null;
  via: 'cookie' | 'fallback' | 'jwt' | null;
  /** Permission roles held (docs/protocol.md §6.2), e.g. any, users, user:ID, label:admin. */
  roles: readonly string[];
}

export const GUEST: Caller = Object.freeze({
  user: null,
  sessionId: null,
  via: null,
  roles: Object.freeze(['any', 'guests']),
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

export type Scope = 'public' | 'account' | 'documents' | 'files';

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
    /** Scope of docs/protocol.md §1.11; `account` needs a signed-in caller. */
    scope?: Scope;
    rateLimits?: readonly RateLimitRule[];
    /** Routes that answer their own way (the realtime socket) skip the API pipeline. */
    bypassPipeline?: boolean;
  }
}
