import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersToParams, NO_FILTERS, parseFilters, type BrowseFilters } from './filters';

/**
 * A list's filters, read from the address and changed by navigating to a new one: each change
 * is a history entry, so the back button undoes it, and the address can be shared as it is.
 */
export function useBrowseFilters(search: boolean) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params, search), [params, search]);
  // At once, not as a transition: the chip or box tapped shows its new state while the list
  // loads, instead of the old one until the list is there.
  const now = { flushSync: true };
  const change = (next: Partial<BrowseFilters>) =>
    setParams(filtersToParams({ ...filters, ...next }, params, search), now);
  const clear = () => setParams(filtersToParams(NO_FILTERS(filters.sort), params, search), now);
  return { filters, change, clear };
}

export type BrowseFiltersState = ReturnType<typeof useBrowseFilters>;
