import { useEffect, useRef, type RefObject } from 'react';

/**
 * Tells the page how tall the product page's buy bar is (`--buy-bar-height` on the root), so
 * the phone's toasts rise just above it (components/ui/toasts.css) whatever its lines wrap to.
 */
export function useBuyBarHeight(): RefObject<HTMLElement | null> {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--buy-bar-height', `${el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--buy-bar-height');
    };
  }, []);
  return bar;
}
