import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAfterPaint } from '../build-plugins';
import { HYDRATED_EVENT } from '../src/app/hydrated';

const SHELL = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"><!--app--><p>Loading</p><!--/app--></div></body></html>`;

/** index.html as the build plugin leaves it. */
function built(html = SHELL): string {
  const bundle = { 'index.html': { type: 'asset', source: html } };
  const hook = startAfterPaint().generateBundle as unknown as (
    this: { error(m: string): never },
    options: unknown,
    b: typeof bundle,
  ) => void;
  hook.call(
    {
      error: (m) => {
        throw new Error(m);
      },
    },
    {},
    bundle,
  );
  return bundle['index.html'].source;
}

/** Runs the page's inline loader against a body. */
function load(body: string, pending = false) {
  document.head.innerHTML = '';
  document.body.innerHTML = body;
  // jsdom loads no pictures: a pending one reads as not complete.
  if (pending) Object.defineProperty(document.querySelector('img')!, 'complete', { value: false });
  const script = /<script data-entry="[^"]+">([\s\S]*?)<\/script>/.exec(built())![1]!;
  new Function(script)();
}

const started = () => document.head.querySelector('script[type="module"]');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the app starts after a rendered page has painted (issue 7)', () => {
  it('takes the entry script out of the head and loads it from the end of the body', () => {
    const html = built();
    expect(html).not.toMatch(/<head>[\s\S]*<script type="module"[\s\S]*<\/head>/);
    expect(html).toMatch(
      /<script data-entry="\/assets\/index-abc\.js">[\s\S]*<\/script>\s*<\/body>/,
    );
    expect(() => built('<html><body></body></html>')).toThrow(/no entry script/);
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

describe('a tap before the app has hydrated a rendered page (issue 7)', () => {
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

  it('holds nothing on a page the server did not render', () => {
    load('<div id="root"><button id="b">Go</button></div>');
    const taps = vi.fn();
    document.getElementById('b')!.addEventListener('click', taps);
    document.getElementById('b')!.click();
    expect(taps).toHaveBeenCalledTimes(1);
  });
});

describe('typing before the app has hydrated a rendered page (issue 7)', () => {
  it('starts the app on focus, and hands what was typed to the app after hydration', () => {
    load(
      '<div id="root"><input type="search" value="" id="q"><input id="same" value="kept"></div><script type="application/json" id="shop-state">{}</script>',
    );
    const box = document.getElementById('q') as HTMLInputElement;
    const same = document.getElementById('same') as HTMLInputElement;
    const typed = vi.fn((e: Event) => (e.target as HTMLInputElement).value);
    const untouched = vi.fn();
    box.addEventListener('input', typed);
    same.addEventListener('input', untouched);
    expect(started()).toBeNull();
    box.focus();
    expect(started()).not.toBeNull();
    box.value = 'Kobe'; // typed while the app was still loading: no handler heard it
    document.dispatchEvent(new Event(HYDRATED_EVENT));
    expect(typed).toHaveBeenCalledTimes(1);
    expect(typed).toHaveReturnedWith('Kobe');
    expect(untouched).not.toHaveBeenCalled();
  });
});
