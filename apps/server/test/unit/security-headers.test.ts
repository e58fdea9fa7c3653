import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, registerSecurityHeaders } from '../../src/http/security-headers.js';

const SHELL =
  '<html><head><script>window.a=1</script><script type="application/json" id="shop-state">{}</script>' +
  '<script type="application/ld+json">{}</script><script src="/assets/x.js"></script></head>' +
  '<body><script data-entry="/assets/i.js">load()</script></body></html>';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

async function headersFor(publicUrl: string, webUrl = publicUrl) {
  const app = Fastify();
  registerSecurityHeaders(app, {
    publicUrl: new URL(publicUrl),
    webUrl: new URL(webUrl),
    shell: SHELL,
  });
  app.get('/', async (_req, reply) => reply.type('text/html').send('<p>page</p>'));
  app.get('/v1/thing', async () => ({ ok: true }));
  const page = await app.inject({ url: '/' });
  const api = await app.inject({ url: '/v1/thing' });
  const missing = await app.inject({ url: '/v1/nowhere' });
  const other = await app.inject({ url: '/v1x/page' });
  await app.close();
  return { page: page.headers, api: api.headers, missing: missing.headers, other: other.headers };
}

describe('security headers', () => {
  it('name exactly the inline scripts that run, by hash', () => {
    expect(inlineScriptHashes(SHELL)).toEqual([sha('window.a=1'), sha('load()')]);
  });

  it('send a policy with no inline script but the shell own, no framing, no sniffing', async () => {
    const { page, api, missing } = await headersFor('http://127.0.0.1:3000');
    const csp = String(page['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${sha('window.a=1')} ${sha('load()')};`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:3000 ws://127.0.0.1:3000");
    expect(page).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': expect.stringContaining('camera=()'),
    });
    for (const h of [page, api, missing]) expect(h['strict-transport-security']).toBeUndefined();
  });

  it('give the API answers the short set a JSON text needs: nothing may run, frame or sniff', async () => {
    const { api, missing, other } = await headersFor('http://127.0.0.1:3000');
    for (const h of [api, missing]) {
      expect(h).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(h['permissions-policy']).toBeUndefined();
      expect(h['referrer-policy']).toBeUndefined();
    }
    // A path that only begins like the API's is a page.
    expect(String(other['content-security-policy'])).toContain("script-src 'self'");
  });

  it('add HSTS and secure sockets when the shop is served over https', async () => {
    const { page, api } = await headersFor('https://shop.example.pk');
    for (const h of [page, api]) {
      expect(h['strict-transport-security']).toBe('max-age=31536000');
    }
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(String(page['content-security-policy'])).toContain('wss://shop.example.pk');
    expect(String(page['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
