import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEncoding, PageCompressor, registerWebApp } from '../../src/web/static.js';

const SHELL = `<!doctype html><html><head><title>Shop</title><style>${'.a{color:red}'.repeat(500)}</style></head><body><div id="root"></div></body></html>`;

/** The shell as served: the owner's label named in its head. */
const SERVED = SHELL.replace(
  '</head>',
  '<meta name="courtside-admin-label" content="staff&quot;&lt;" />\n</head>',
);

describe('the page encoding a browser gets', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });

  it('remembers a bounded number of compressed pages', () => {
    const c = new PageCompressor(2);
    const first = c.compress(SHELL, 'a', 'gzip');
    expect(c.compress(SHELL, 'a', 'gzip')).toBe(first);
    c.compress(SHELL, 'b', 'gzip');
    c.compress(SHELL, 'c', 'gzip');
    expect(c.compress(SHELL, 'a', 'gzip')).not.toBe(first);
    expect(gunzipSync(first).toString()).toBe(SHELL);
  });
});

describe('the shell page (docs/architecture.md#speed: styles travel inline, so the page travels compressed)', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-shell-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), SHELL);
    app = Fastify();
    await registerWebApp(app, {
      webDir: dir,
      adminLabel: 'staff"<',
      headFor: async (path) => (path.startsWith('/product/') ? '<title>Kobe 6</title>' : null),
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is sent with Brotli to a browser that takes it, with the page own head', async () => {
    const res = await app.inject({
      url: '/product/p1',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.rawPayload.length).toBeLessThan(SHELL.length / 5);
    const page = brotliDecompressSync(res.rawPayload).toString();
    expect(page).toContain('<title>Kobe 6</title>');
    expect(page).not.toContain('<title>Shop</title>');
  });

  it('is sent gzipped, or plain to a client that accepts neither', async () => {
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SERVED);
    const plain = await app.inject({ url: '/cart', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SERVED);
  });

  it("names the owner's label in every page's head, escaped", async () => {
    const page = (await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body;
    expect(page).toContain('<meta name="courtside-admin-label" content="staff&quot;&lt;" />');
  });
});
