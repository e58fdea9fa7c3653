import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAfterPaint } from '../build-plugins';

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
