import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a request comes from, as limits count it: an IPv4 address as it is, an IPv6 one
 * by its /64 network (one household or phone is given a whole /64 and can pick any address in
 * it), an IPv4 address written in IPv6 (::ffff:1.2.3.4) as the IPv4 one. Anything else is kept
 * as it is, lower-cased.
 */
export function clientNetwork(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address.split('%')[0]!);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The 8 groups of an IPv6 address, each without leading zeros ("0" for none). */
function expandIPv6(address: string): string[] {
  let text = address;
  // A trailing IPv4 part (::1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16).toString(16));
}
