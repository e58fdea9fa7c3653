import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * True once the page has painted and one more task has run (issue 7): what a visitor cannot
 * see on arrival renders in a task of its own, so a phone's main thread is never blocked for
 * the whole page at once and the first screen paints sooner.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready;
}

/**
 * True once the element comes within `NEAR` of the screen (issue 7), or right after the first
 * paint where there is no IntersectionObserver. Never false again.
 */
function useNearScreen(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!enabled || near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(timer);
    }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, NEAR);
    seen.observe(el);
    return () => seen.disconnect();
  }, [enabled, near, ref]);
  return near;
}

/** How far ahead of the scroll a section renders: about a second of a thumb's scroll. */
const NEAR: IntersectionObserverInit = { rootMargin: '150px 0px' };

/**
 * Renders below-the-fold content right after the first paint, or, `whenNear`, only once it is
 * scrolled near (a phone then does none of it while the page loads). Until then `reserve` holds
 * its place (a min-height class), so nothing under it (the footer) shows and then jumps.
 */
export function Later({
  children,
  reserve,
  whenNear = false,
}: {
  children: ReactNode;
  reserve: string;
  whenNear?: boolean;
}) {
  const place = useRef<HTMLDivElement>(null);
  const painted = useAfterFirstPaint();
  const near = useNearScreen(place, whenNear);
  if (whenNear ? near : painted) return <>{children}</>;
  return <div ref={place} className={reserve} aria-busy="true" />;
}

/**
 * How many of a list to render: the first screen's worth when the list arrives, the rest in the
 * next task (after the first paint of those).
 */
export function useStagedCount(total: number, first: number): number {
  const [all, setAll] = useState(false);
  const waiting = total > first && !all;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setAll(true), 0);
    return () => clearTimeout(timer);
  }, [waiting]);
  return all ? total : Math.min(total, first);
}
