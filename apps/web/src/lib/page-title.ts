import { pageTitleOf, shopTitle } from '@courtside/shop';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useShopFacts } from './shop-facts';

/**
 * Names the page in the browser's tab and history: `name | Courtside`, or the shop's own title
 * for `null`. `undefined` (a page still loading what it is about) leaves the route's default,
 * which <RouteTitle /> puts back on every new path so no page keeps its predecessor's name.
 */
export function usePageTitle(name: string | null | undefined): void {
  const { pathname } = useLocation();
  const facts = useShopFacts();
  useEffect(() => {
    if (name !== undefined) document.title = pageTitleOf(name, facts);
  }, [name, pathname, facts]);
}

/**
 * Resets the title to the shop's on every new path. Layout effects all run before the pages'
 * passive ones, so a page's own `usePageTitle` wins over this default. The first page keeps the
 * title the server wrote (a product's own, D19) until it names itself.
 */
export function RouteTitle(): null {
  const { pathname } = useLocation();
  const title = shopTitle(useShopFacts());
  const seen = useRef(false);
  useLayoutEffect(() => {
    if (seen.current) document.title = title;
    seen.current = true;
  }, [pathname, title]);
  return null;
}
