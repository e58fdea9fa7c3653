import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  guardRenderer,
  injectFetch,
  landingPageRenderer,
  withRenderedPage,
  type PageRenderer,
} from '../../src/web/ssr.js';
import { registerWebApp } from '../../src/web/static.js';

const SHELL = `<!doctype html><html><head><title>Shop</title></head><body><div id="root">
      <!--app-->
      <span>Loading the shop</span>
      <!--/app-->
    </div></body></html>`;

const state = (page: string) =>
  JSON.parse(/<script type="application\/json" id="shop-state">(.*?)<\/script>/.exec(page)![1]!);

describe('a page rendered on the server, in the shell (docs/architecture.md#speed)', () => {
  it('takes the place of the first-load spinner, its data inert beside it', () => {
    const page = withRenderedPage(SHELL, {
      html: '<main>Kobe 6</main>',
      state: { queries: { a: { title: 'say </script><script>alert(1)</script>' } } },
    });
    expect(page).toContain('<div id="root"><main>Kobe 6</main></div>');
    expect(page).not.toContain('Loading the shop');
    expect(page).not.toContain('</script><script>alert(1)');
    expect(state(page)).toEqual({
      queries: { a: { title: 'say </script><script>alert(1)</script>' } },
    });
  });

  it('leaves a shell without the markers as it is', () => {
    const bare = '<html><body><div id="root"></div></body></html>';
    expect(withRenderedPage(bare, { html: '<main/>', state: {} })).toBe(bare);
  });
});

describe('the guarded renderer', () => {
  it('answers null, and says why, when the render fails or takes too long', async () => {
    const failures: string[] = [];
    const onFailure = (err: unknown) => failures.push((err as Error).message);
    const failing = guardRenderer(() => Promise.reject(new Error('boom')), 1000, onFailure);
    expect(await failing('http://x/')).toBeNull();
    const slow = guardRenderer(() => new Promise(() => {}), 20, onFailure);
    expect(await slow('http://x/')).toBeNull();
    expect(failures).toEqual(['boom', 'not rendered within 20 ms']);
    const fine = guardRenderer(async () => ({ html: '<p/>', state: {} }), 1000, onFailure);
    expect(await fine('http://x/')).toEqual({ html: '<p/>', state: {} });
  });

  it('is absent when the web app has no server build', async () => {
    const app = Fastify();
    expect(await landingPageRenderer(app, join(tmpdir(), 'no-such-web', 'dist'))).toBeUndefined();
    await app.close();
  });
});

describe("the renderer's in-process fetch", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.get('/v1/things', async (req, reply) =>
      reply.header('x-seen', String(req.headers['x-appwrite-project'])).send({ q: req.query }),
    );
    app.post('/v1/things', async (req, reply) => reply.code(201).send(req.body));
    app.delete('/v1/things', async (_req, reply) => reply.code(204).send());
    await app.ready();
  });
  afterAll(() => app.close());

  it('reaches the routes with their headers, query, body and status', async () => {
    const f = injectFetch(app);
    const got = await f('http://in-process/v1/things?limit=2', {
      headers: { 'X-Appwrite-Project': 'courtside' },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('x-seen')).toBe('courtside');
    expect(await got.json()).toEqual({ q: { limit: '2' } });
    const posted = await f('http://in-process/v1/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({ a: 1 });
    const gone = await f('http://in-process/v1/things', { method: 'DELETE' });
    expect(gone.status).toBe(204);
  });
});

describe('landing pages served rendered', () => {
  let dir: string;
  let app: FastifyInstance;
  const render = vi.fn<PageRenderer>();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-ssr-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), SHELL);
    app = Fastify();
    await registerWebApp(app, { webDir: dir, renderPage: render });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders a page from its address as the browser sees it', async () => {
    render.mockResolvedValueOnce({ html: '<main>Home</main>', state: { queries: {} } });
    const res = await app.inject({ url: '/?from=ad', headers: { host: 'shop.test:8080' } });
    expect(render).toHaveBeenLastCalledWith('http://shop.test:8080/?from=ad');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main>Home</main></div>');
    expect(state(res.body)).toEqual({ queries: {} });
  });

  it('sends the shell when the page is not one rendered on the server', async () => {
    render.mockResolvedValueOnce(null);
    const res = await app.inject({ url: '/cart' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
  });

  it('answers the status the page was rendered with: 404 for the not-found page', async () => {
    render.mockResolvedValueOnce({ html: '<main>Not Found</main>', state: {}, status: 404 });
    const res = await app.inject({ url: '/product/gone', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    render.mockResolvedValueOnce({ html: '<main>Not Found</main>', state: {}, status: 404 });
    const plain = await app.inject({ url: '/no/such/page' });
    expect(plain.statusCode).toBe(404);
    expect(plain.body).toContain('<div id="root"><main>Not Found</main></div>');
  });

  it('compresses each rendered page as it is (products change, the path does not)', async () => {
    render.mockResolvedValueOnce({ html: '<main>Rs 1,000</main>', state: {} });
    const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    render.mockResolvedValueOnce({ html: '<main>Rs 2,000</main>', state: {} });
    const second = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.rawPayload.equals(second.rawPayload)).toBe(false);
  });
});
