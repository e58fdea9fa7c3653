import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../../src/http/logging.js';

describe('request logs', () => {
  it('never carry the secrets of links, OAuth2 callbacks, sessions or API keys', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (l) => void lines.push(l) }) });
    app.get('/v1/account/verify', async () => ({ ok: true }));
    const url =
      '/v1/account/verify?userId=u1&secret=4f2a9c0d1e&expire=2026-01-01&project=courtside&code=oauth-code-77&state=signed.state.x';
    await app.inject({
      method: 'GET',
      url,
      headers: { cookie: 'a_session_courtside=tok3n', 'x-appwrite-key': 'k3y5ecret' },
    });
    await app.close();
    const logged = lines.join('\n');
    for (const secret of ['4f2a9c0d1e', 'oauth-code-77', 'signed.state.x', 'tok3n', 'k3y5ecret']) {
      expect(logged).not.toContain(secret);
    }
    const incoming = lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .find((l) => l.req);
    expect(incoming?.req?.url).toBe(
      '/v1/account/verify?userId=u1&secret=REDACTED&expire=2026-01-01&project=courtside&code=REDACTED&state=REDACTED',
    );
  });

  it('leave other URLs as they are', () => {
    expect(redactUrl('/v1/databases/shop/collections/products/documents?queries[0]=limit(5)')).toBe(
      '/v1/databases/shop/collections/products/documents?queries[0]=limit(5)',
    );
    expect(redactUrl('/v1/account')).toBe('/v1/account');
    expect(redactUrl('/x?%73ecret=abc&a=%zz')).toBe('/x?%73ecret=REDACTED&a=%zz');
  });
});
