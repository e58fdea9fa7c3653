import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/tools/client-network.js';

describe('the client network a limit counts', () => {
  it('keeps an IPv4 address, also one written in IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 per /64, however the address is written', () => {
    const net = '2001:db8:0:1::/64';
    expect(clientNetwork('2001:db8:0:1::1')).toBe(net);
    expect(clientNetwork('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(net);
    expect(clientNetwork('2001:db8::1:0:0:0:5')).toBe(net);
    expect(clientNetwork('2001:db8:0:2::1')).not.toBe(net);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });
});
