import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createHttpServer } from '../../src/http/server.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or the addresses and ranges it names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses "on" (any client could claim any address) and what is not an address', () => {
    for (const [value, message] of [
      ['on', /TRUST_PROXY: "on" would believe any client/],
      ['true', /TRUST_PROXY: "on"/],
      ['2', /not a proxy address or CIDR range: 2/],
      ['10.0.0.0/40, nginx', /not a proxy address or CIDR range: 10.0.0.0\/40, nginx/],
    ] as const) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(message);
    }
  });

  it('takes the client as the first untrusted address from the right', async () => {
    const seen = async (trust: string | undefined, forwarded: string) => {
      const server = createHttpServer(loadConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: trust }));
      server.get('/ip', async (req) => ({ ip: req.ip, protocol: req.protocol }));
      const res = await server.inject({
        url: '/ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwarded, 'x-forwarded-proto': 'https' },
      });
      await server.close();
      return res.json() as { ip: string; protocol: string };
    };
    // The client wrote 6.6.6.6 itself; the proxy at 127.0.0.1 appended the real 203.0.113.9.
    expect(await seen('127.0.0.1', '6.6.6.6, 203.0.113.9')).toEqual({
      ip: '203.0.113.9',
      protocol: 'https',
    });
    // Two proxies named: the first untrusted from the right is still the client.
    expect(await seen('127.0.0.1,10.0.0.0/8', '6.6.6.6, 203.0.113.9, 10.1.2.3')).toMatchObject({
      ip: '203.0.113.9',
    });
    // No proxy trusted: the peer is the client, and forwarded headers are ignored.
    expect(await seen(undefined, '6.6.6.6')).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });
});
