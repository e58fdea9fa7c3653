import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  changeFilters,
  parseProductFilters,
  productFiltersToParams,
  type ProductFilters,
} from './product-filters';

/**
 * The grid's filters, read from the address and changed by navigating: each change is a history
 * entry (the back button undoes it), but the search as it is typed replaces its own.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const filters = useMemo(() => parseProductFilters(params), [params]);
  const change = (next: Partial<ProductFilters>, replace = false) =>
    setParams(productFiltersToParams(changeFilters(filters, next)), { replace });
  const pageTo = (page: number) => {
    const query = productFiltersToParams({ ...filters, page }).toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return { filters, change, pageTo };
}

export type ProductFiltersState = ReturnType<typeof useProductFilters>;
