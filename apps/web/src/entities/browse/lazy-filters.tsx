import { lazy, useSyncExternalStore } from 'react';

/**
 * The filters' controls come in a chunk of their own, off the first load (docs/architecture.md
 * #speed): on phones when the Filters button is tapped, on wide screens once the page is up (the
 * side column is theirs alone, so nothing moves when they appear).
 */
export const LazyFilterPanel = lazy(() =>
  import('./FilterPanel').then((m) => ({ default: m.FilterPanel })),
);
export const LazyFilterSheet = lazy(() =>
  import('./FilterSheet').then((m) => ({ default: m.FilterSheet })),
);

const WIDE = '(min-width: 1024px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for the side column (false on the server and at first). */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(WIDE).matches ?? false,
    () => false,
  );
}
