import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../src/entry-server';
import { listOf, productDoc } from './products';
import * as sdk from './support/fake-appwrite';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

const KOBE = productDoc({ $id: '111111111', title: 'Kobe 6 Protro' });

beforeEach(() => {
  vi.restoreAllMocks();
  sdk.databases.listDocuments.mockResolvedValue(listOf([KOBE]));
  sdk.databases.getDocument.mockImplementation(async (_db: string, _col: string, id: string) => {
    if (id === KOBE.$id) return KOBE;
    throw Object.assign(new Error('Document with the requested ID could not be found.'), {
      code: 404,
      type: 'document_not_found',
    });
  });
  sdk.account.get.mockRejectedValue(Object.assign(new Error('no session'), { code: 401 }));
});

const render = (path: string) => renderPage(`http://localhost:3000${path}`);

/** What the server answers for a page: the not-found page comes with 404 (static.ts sends it). */
describe('the status of a page rendered on the server', () => {
  it.each([
    '/no/such/page',
    '/product/999999999',
    '/category/spaceboots',
    '/brand/reebok',
    '/refunds',
  ])('%s is the not-found page, with 404', async (path) => {
    const page = await render(path);
    expect(page?.status).toBe(404);
    expect(page?.html).toContain('The page you visited was not found');
  });

  it.each(['/', `/product/${KOBE.$id}`, '/category/kobe', '/brand/jordan', '/privacy', '/cart'])(
    '%s is found, with 200',
    async (path) => {
      const page = await render(path);
      expect(page?.status).toBe(200);
      expect(page?.html).not.toContain('The page you visited was not found');
    },
  );

  it('leaves the pages only a browser shows to the browser (the shell, 200)', async () => {
    expect(await render('/checkout')).toBeNull();
    expect(await render('/dashboard')).toBeNull();
  });
});
