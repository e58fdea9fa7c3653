import { HYDRATED_EVENT, PAGE_CHUNKS_META, SHOP_STATE_ID } from '@courtside/shop/web-page';

/** The longest a server-rendered page waits for its pictures before the app starts anyway. */
export const START_CAP_MS = 1500;

/**
 * The page's loader: inline at the end of index.html's body (built by `inlineLoader` in
 * build-plugins.ts from loader/main.ts), it decides when the app's code (`entry`) is asked for.
 *
 * A server-rendered page shows without the app; on a slow link its first-screen pictures
 * (fetchpriority="high") and the app's code would share the bandwidth, so the app is asked for
 * once the page has painted and those pictures have arrived, after START_CAP_MS at most (also in
 * a background tab, which paints no frames). A page the server did not render (the shell: no
 * shop state) starts the app at once.
 *
 * Until the app has taken a rendered page over, a tap on one of its buttons (Add to cart, the
 * wishlist heart, a quantity step) would do nothing: it is held, the button shows busy, the app
 * starts at once, and the tap is made again once the app has hydrated (main.tsx sends
 * HYDRATED_EVENT). Focusing a field starts the app too (the search box then carries on with what
 * was typed). If the app's code cannot be loaded, the buttons stop looking busy and taps go
 * through to the page.
 */
export function startApp(entry: string, doc: Document = document): void {
  const win = doc.defaultView ?? window;
  let started = false;
  let release = () => {};
  const go = () => {
    if (started) return;
    started = true;
    // The page's own chunks (PAGE_CHUNKS_META) come beside the entry, not after it.
    const chunks = doc.querySelector<HTMLMetaElement>(`meta[name="${PAGE_CHUNKS_META}"]`);
    for (const href of chunks?.content.split(' ').filter(Boolean) ?? []) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.appendChild(link);
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    script.onerror = () => release();
    doc.head.appendChild(script);
  };
  const root = doc.getElementById('root');
  if (!root || !doc.getElementById(SHOP_STATE_ID)) return go();

  let held: HTMLButtonElement[] = [];
  const hold = (event: Event) => {
    const target = event.target as Element | null;
    const button = target?.closest?.('button');
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(button)) button.setAttribute('aria-busy', 'true');
    held.push(button);
    go();
  };
  const letGo = () => {
    doc.removeEventListener('click', hold, true);
    held.forEach((button) => button.removeAttribute('aria-busy'));
    const tapped = held;
    held = [];
    return tapped;
  };
  doc.addEventListener('click', hold, true);
  release = () => void letGo();

  root.addEventListener('focusin', go);
  doc.addEventListener(
    HYDRATED_EVENT,
    () => {
      for (const button of letGo()) if (button.isConnected && !button.disabled) button.click();
    },
    { once: true },
  );

  win.setTimeout(go, START_CAP_MS);
  const pictures = root.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]');
  // Each picture, the first paint, and this function's own end.
  let left = pictures.length + 2;
  const settled = () => {
    if (--left === 0) win.requestAnimationFrame(() => win.setTimeout(go, 0));
  };
  // The first paint itself, as the browser reports it (a frame's callback can come before it).
  const Observer = win.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    new Observer((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      settled();
    }).observe({ type: 'paint', buffered: true });
  } else settled();
  pictures.forEach((img) => {
    if (img.complete) return settled();
    img.addEventListener('load', settled, { once: true });
    img.addEventListener('error', settled, { once: true });
  });
  settled();
}
