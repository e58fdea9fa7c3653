import { isIP } from 'node:net';

/**
 * Which proxies the server believes about the client's address and protocol (TRUST_PROXY):
 * `false` (none; the default) or the proxies' addresses and CIDR ranges (`proxy-addr`'s names
 * `loopback`, `linklocal`, `uniquelocal` too). The client is then the first address from the
 * right of X-Forwarded-For that is not a trusted proxy: a client can write what it likes to the
 * left of it. (A bare hop count is not offered: it cannot tell a proxy from a client that
 * connects directly, so Fastify trusts nobody with one.)
 */
export type TrustProxy = false | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validProxy(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY read, or the problem with it (for the configuration's list of problems). */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { problem: string } {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'off', 'false', 'no', '0'].includes(value)) return false;
  if (['on', 'true', 'yes'].includes(value)) {
    return {
      problem:
        'TRUST_PROXY: "on" would believe any client about its address; name the proxies ' +
        '(TRUST_PROXY=127.0.0.1, or 10.0.0.0/8 and others, comma-separated)',
    };
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !validProxy(e));
  if (bad.length > 0) {
    return {
      problem: `TRUST_PROXY: not a proxy address or CIDR range: ${bad.join(', ')}`,
    };
  }
  return entries;
}
