import type { RateLimitStore } from '../../../tools/rate-limits.js';
import type { Clock } from '../../../tools/clock.js';

/** Failed log-ins an e-mail takes an hour before addresses that have been failing are held. */
export const LOGIN_FAILURES_PER_EMAIL = 10;
/**
 * Failed log-ins an hour that an address the account signed in from lately (KNOWN_ADDRESS_DAYS)
 * has of its own, whatever the e-mail's count: the owner's typos while someone guesses elsewhere.
 */
export const LOGIN_FAILURES_KNOWN_ADDRESS = 20;
/** How long a sign-in makes its address known for the account. */
export const KNOWN_ADDRESS_DAYS = 30;
const HOUR = 3600;

/**
 * Password guessing against one account, held without locking its owner out (OWASP's advice):
 * only failures count, per e-mail and per e-mail and address, for an hour. Past 10 failures for
 * an e-mail, an address that has failed for it waits for the hour to turn; an address that has
 * not (the owner at home while someone guesses elsewhere) still gets its tries, and a right
 * password is never counted. An address the account signed in from in the last 30 days counts
 * only its own failures, against a larger allowance (20 an hour): the owner who mistypes once
 * while someone guesses elsewhere is not held. The per-address bound on all log-ins stays in the
 * route's limits. Null store: limits are off (RATE_LIMITS=off), nothing is held.
 */
export function loginGuard(store: RateLimitStore | null, clock: Clock) {
  const windowStart = () => Math.floor(clock.now().getTime() / 1000 / HOUR) * HOUR;
  const keys = (email: string, ip: string) => {
    const e = email.toLowerCase();
    return [`login-fail|${e}|${HOUR}`, `login-fail|${e}|${ip}|${HOUR}`] as const;
  };
  return {
    /**
     * Seconds to wait before this address may try this e-mail again, or 0 when it may now.
     * `known`: the account signed in from this address within KNOWN_ADDRESS_DAYS.
     */
    async wait(email: string, ip: string, known: boolean): Promise<number> {
      if (!store) return 0;
      const start = windowStart();
      const [forEmail, forPair] = keys(email, ip);
      const held = () => start + HOUR - Math.floor(clock.now().getTime() / 1000);
      if (known) {
        return (await store.count(forPair, start)) >= LOGIN_FAILURES_KNOWN_ADDRESS ? held() : 0;
      }
      if ((await store.count(forEmail, start)) < LOGIN_FAILURES_PER_EMAIL) return 0;
      if ((await store.count(forPair, start)) === 0) return 0;
      return held();
    },
    /** Counts a wrong password (or unknown e-mail) for this e-mail and address. */
    async failed(email: string, ip: string): Promise<void> {
      if (!store) return;
      const start = windowStart();
      for (const key of keys(email, ip)) await store.hit(key, start, HOUR, Number.MAX_SAFE_INTEGER);
    },
  };
}

export type LoginGuard = ReturnType<typeof loginGuard>;
