import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_IDS } from '@courtside/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT, startTestServer, type TestServer } from '../support/server.js';
import { productFields } from '../support/fixtures.js';
import { OWNER } from '../support/shop.js';
import { sdkUser } from '../support/sdk.js';

/**
 * Real 404s: the server answers a page its renderer found nothing for with 404 and the rendered
 * not-found page. The renderer here stands in for the web app's (whose pages are tested in
 * apps/web/test/page-status.test.tsx): it reads a product through the API in-process, as the
 * web app's does, and renders the not-found page for an unknown one or an unknown path.
 */
const RENDERER = `
let api;
export function configure(o) { api = o; }
export function lazyModulesFor() { return []; }
const notFound = { html: '<main><h1>Not Found</h1></main>', state: {}, status: 404 };
export async function renderPage(url) {
  const { pathname } = new URL(url);
  if (pathname === '/') return { html: '<main>Home</main>', state: {} };
  const m = /^\\/product\\/([^/]+)$/.exec(pathname);
  if (!m) return notFound;
  const res = await api.fetch(
    api.endpoint + '/databases/${DEFAULT_IDS.database}/collections/${DEFAULT_IDS.products}/documents/' + m[1],
    { headers: { 'x-appwrite-project': '${PROJECT}' } },
  );
  if (res.status === 404) return notFound;
  const doc = await res.json();
  return { html: '<main>' + doc.title + '</main>', state: {}, status: 200 };
}
`;

const SHELL =
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"><!--app--><span>Loading</span><!--/app--></div></body></html>';

let root: string;
let server: TestServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'courtside-web-'));
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  mkdirSync(join(root, 'dist-server'));
  writeFileSync(join(root, 'dist', 'index.html'), SHELL);
  writeFileSync(join(root, 'dist-server', 'entry-server.js'), RENDERER);
  server = await startTestServer({
    env: {
      WEB_DIR: join(root, 'dist'),
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string) =>
  fetch(`${server.origin}${path}`, { headers: { accept: 'text/html' } });

describe('pages the shop does not have', () => {
  it('answer 404 with the not-found page; pages it has answer 200', async () => {
    const admin = sdkUser(server);
    await admin.account.createEmailSession(OWNER.email, OWNER.password);
    const kobe = await admin.databases.createDocument(
      DEFAULT_IDS.database,
      DEFAULT_IDS.products,
      'unique()',
      productFields({ title: 'Kobe 6 Protro' }),
    );

    const found = await get(`/product/${kobe.$id}`);
    expect(found.status).toBe(200);
    expect(await found.text()).toContain('<main>Kobe 6 Protro</main>');
    expect((await get('/')).status).toBe(200);

    for (const path of ['/product/999999999', '/no/such/page']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<h1>Not Found</h1>');
    }
  });
});
