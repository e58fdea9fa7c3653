import { useEffect, useState, type ReactNode } from 'react';

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
 * Renders below-the-fold content right after the first paint. Until then `reserve` holds its
 * place (a min-height class), so nothing under it (the footer) shows and then jumps.
 */
export function Later({ children, reserve }: { children: ReactNode; reserve: string }) {
  return useAfterFirstPaint() ? <>{children}</> : <div className={reserve} aria-busy="true" />;
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
