import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@courtside/shop';
import { HYDRATED_EVENT, PAGE_CHUNKS_META } from '@courtside/shop/web-page';
import { withLoader } from '../src/loader/inline';
import { startApp } from '../src/loader/start-app';
import { markStoredCart } from '../src/loader/stored-cart';

const SHELL = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"><!--app--><p>Loading</p><!--/app--></div></body></html>`;

const NONE = { head: '', body: '' };

const fail = (m: string): never => {
  throw new Error(m);
};

/** Runs the page's loader against a body. */
function load(body: string, pending = false) {
  document.head.innerHTML = '';
  document.body.innerHTML = body;
  // jsdom loads no pictures: a pending one reads as not complete.
  if (pending) Object.defineProperty(document.querySelector('img')!, 'complete', { value: false });
  startApp('/assets/index-abc.js');
}

const started = () => document.head.querySelector('script[type="module"]');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the app starts after a rendered page has painted', () => {
  it('takes the entry script out of the head and loads it from the end of the body', () => {
    const html = withLoader(SHELL, { head: 'mark()', body: 'load("</script>")' }, fail);
    expect(html).not.toMatch(/<head>[\s\S]*<script type="module"[\s\S]*<\/head>/);
    expect(html).toContain(
      '<script data-entry="/assets/index-abc.js">load("<\\/script>")</script>\n  </body>',
    );
    expect(html).toContain('<script>mark()</script>\n  </head>');
    expect(() => withLoader(SHELL.replace(/<script[^>]*><\/script>/, ''), NONE, fail)).toThrow(
      /no entry script/,
    );
    expect(() => withLoader(SHELL.replace('<!--/app-->', ''), NONE, fail)).toThrow(
      /no <!--\/app--> marker/,
    );
  });

  it('starts at once on a page the server did not render', () => {
    load('<div id="root"><p>Loading</p></div>');
    expect(started()?.getAttribute('src')).toBe('/assets/index-abc.js');
  });

  it('waits for the first-screen pictures of a rendered page, then starts once', () => {
    load(
      '<div id="root"><img fetchpriority="high" src="/a.webp"></div><script type="application/json" id="shop-state">{}</script>',
      true,
    );
    const img = document.querySelector('img')!;
    vi.advanceTimersByTime(50);
    expect(started()).toBeNull();
    img.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(50);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it("asks for the page's own chunks with the entry, not before", () => {
    load(
      '<div id="root"><img fetchpriority="high" src="/a.webp"></div><script type="application/json" id="shop-state">{}</script>',
      true,
    );
    const meta = document.createElement('meta');
    meta.name = PAGE_CHUNKS_META;
    meta.content = '/assets/ProductPage-a1.js /assets/Button-b2.js';
    document.head.appendChild(meta);
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute('href'),
      );
    expect(preloads()).toEqual([]);
    document.querySelector('img')!.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(50);
    expect(preloads()).toEqual(['/assets/ProductPage-a1.js', '/assets/Button-b2.js']);
    expect(started()).not.toBeNull();
  });

  it('starts anyway when a picture never arrives', () => {
    load(
      '<div id="root"><img fetchpriority="high" src="/slow.webp"></div><script type="application/json" id="shop-state">{}</script>',
      true,
    );
    vi.advanceTimersByTime(1400);
    expect(started()).toBeNull();
    vi.advanceTimersByTime(200);
    expect(started()).not.toBeNull();
  });
});

describe('a tap before the app has hydrated a rendered page', () => {
  const RENDERED =
    '<div id="root"><button id="add">Add to cart</button><a href="/cart" id="cart">Cart</a></div><script type="application/json" id="shop-state">{}</script>';

  it('is held, shown busy, starts the app at once, and is tapped again after hydration', () => {
    load(RENDERED);
    const button = document.getElementById('add')!;
    const taps: string[] = [];
    const early = vi.fn((e: Event) => taps.push(e.type));
    button.addEventListener('click', early);
    button.click();
    button.click();
    expect(early).not.toHaveBeenCalled(); // the page's own handlers are not there yet
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(started()).not.toBeNull(); // the visitor wants the app: no waiting for pictures

    document.dispatchEvent(new Event(HYDRATED_EVENT));
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(early).toHaveBeenCalledTimes(2); // both taps, in order (two quantity steps)
    button.click();
    expect(early).toHaveBeenCalledTimes(3); // and from then on, taps go straight through
  });

  it('lets links work as links, and drops a tap on a button the app removed or disabled', () => {
    load(RENDERED);
    const link = document.getElementById('cart')!;
    const navigations = vi.fn((e: Event) => e.preventDefault());
    link.addEventListener('click', navigations);
    link.click();
    expect(navigations).toHaveBeenCalledTimes(1);

    const button = document.getElementById('add') as HTMLButtonElement;
    const taps = vi.fn();
    button.addEventListener('click', taps);
    button.click();
    button.disabled = true;
    document.dispatchEvent(new Event(HYDRATED_EVENT));
    expect(taps).not.toHaveBeenCalled();
  });

  it("lets go when the app's code does not arrive", () => {
    load(RENDERED);
    const button = document.getElementById('add')!;
    const taps = vi.fn();
    button.addEventListener('click', taps);
    button.click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    started()!.dispatchEvent(new Event('error'));
    expect(button.hasAttribute('aria-busy')).toBe(false);
    button.click();
    expect(taps).toHaveBeenCalledTimes(1); // from then on, taps are the page's own
  });

  it('starts the app when a field is focused', () => {
    load(
      '<div id="root"><input type="search" id="q"></div><script type="application/json" id="shop-state">{}</script>',
    );
    expect(started()).toBeNull();
    document.getElementById('q')!.focus();
    expect(started()).not.toBeNull();
  });

  it('holds nothing on a page the server did not render', () => {
    load('<div id="root"><button id="b">Go</button></div>');
    const taps = vi.fn();
    document.getElementById('b')!.addEventListener('click', taps);
    document.getElementById('b')!.click();
    expect(taps).toHaveBeenCalledTimes(1);
  });
});

describe('the head script', () => {
  afterEach(() => delete document.documentElement.dataset.cart);

  it('marks the page when the browser holds cart lines, and only then', () => {
    markStoredCart();
    expect(document.documentElement.dataset.cart).toBeUndefined();
    localStorage.setItem(CART_STORAGE_KEY, '[]');
    markStoredCart();
    expect(document.documentElement.dataset.cart).toBeUndefined();
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    markStoredCart();
    expect(document.documentElement.dataset.cart).toBeUndefined();
    localStorage.setItem(CART_STORAGE_KEY, '[{"$id":"123456789","quantity":1}]');
    markStoredCart();
    expect(document.documentElement.dataset.cart).toBe('stored');
  });
});
