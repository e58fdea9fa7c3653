import { describe, expect, it, vi } from 'vitest';
import { cachePages } from '../../src/web/page-cache.js';
import type { RenderedPage } from '../../src/web/ssr.js';

/** A renderer that counts its renders and shows which one a page came from. */
function counting() {
  let renders = 0;
  const render = vi.fn(async (url: string): Promise<RenderedPage | null> => {
    renders += 1;
    await new Promise((r) => setTimeout(r, 5));
    return url.endsWith('/cart') ? null : { html: `<h1>${url} #${renders}</h1>`, state: {} };
  });
  return render;
}

const HOME = 'http://shop.test/';
const PRODUCT = 'http://shop.test/product/123456789';

describe('rendered pages kept until the products change (docs/architecture.md#speed)', () => {
  it('renders a page once while the products stay as they are', async () => {
    const render = counting();
    const pages = cachePages(render, { version: async () => 7 });
    const first = await pages(HOME);
    expect(await pages(HOME)).toBe(first);
    expect(await pages(PRODUCT)).not.toBe(first);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('renders again once the products have changed', async () => {
    const render = counting();
    let version = 1;
    const pages = cachePages(render, { version: async () => version });
    expect((await pages(PRODUCT))!.html).toContain('#1');
    version = 2; // a product was edited, or an order took a pair
    expect((await pages(PRODUCT))!.html).toContain('#2');
    expect((await pages(PRODUCT))!.html).toContain('#2');
  });

  it('keeps the same address at another host apart (pictures and links carry the origin)', async () => {
    const render = counting();
    const pages = cachePages(render, { version: async () => 1 });
    await pages(HOME);
    expect((await pages('http://other.test/'))!.html).toContain('http://other.test/');
  });

  it('lets visitors arriving together wait for one render', async () => {
    const render = counting();
    const pages = cachePages(render, { version: async () => 1 });
    const all = await Promise.all([pages(HOME), pages(HOME), pages(HOME)]);
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(all).size).toBe(1);
  });

  it('does not keep a page that was not rendered (the shell), nor a failed one', async () => {
    const render = counting();
    const pages = cachePages(render, { version: async () => 1 });
    await pages('http://shop.test/cart');
    await pages('http://shop.test/cart');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('renders again after maxAgeMs, and keeps at most maxEntries pages', async () => {
    const render = counting();
    let now = 0;
    const pages = cachePages(render, {
      version: async () => 1,
      maxAgeMs: 1000,
      maxEntries: 2,
      now: () => now,
    });
    await pages(HOME);
    now = 999;
    await pages(HOME);
    expect(render).toHaveBeenCalledTimes(1);
    now = 1000;
    await pages(HOME);
    expect(render).toHaveBeenCalledTimes(2);

    await pages(PRODUCT);
    await pages(HOME); // home is now the most recently used
    await pages('http://shop.test/category/kobe'); // the product page goes
    await pages(HOME);
    expect(render).toHaveBeenCalledTimes(4);
    await pages(PRODUCT);
    expect(render).toHaveBeenCalledTimes(5);
  });

  it('renders every time when the version cannot be read', async () => {
    const render = counting();
    const pages = cachePages(render, {
      version: () => Promise.reject(new Error('database away')),
    });
    await pages(HOME);
    await pages(HOME);
    expect(render).toHaveBeenCalledTimes(2);
  });
});
