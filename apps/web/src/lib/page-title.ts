import { SHOP_FACTS } from '@courtside/shop';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The shop's own title: home, and any page that has not named itself (yet). */
export const SHOP_TITLE = `${SHOP_FACTS.name} | Basketball shoes in Pakistan`;

/** "Cart | Courtside": the same shape the server writes for a product's link preview (D19). */
export const pageTitle = (name: string | null): string =>
  name ? `${name} | ${SHOP_FACTS.name}` : SHOP_TITLE;

/**
 * Names the page in the browser's tab and history: `name | Courtside`, or the shop's own title
 * for `null`. `undefined` (a page still loading what it is about) leaves the route's default,
 * which <RouteTitle /> puts back on every new path so no page keeps its predecessor's name.
 */
export function usePageTitle(name: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (name !== undefined) document.title = pageTitle(name);
  }, [name, pathname]);
}

/**
 * Resets the title to the shop's on every new path. Layout effects all run before the pages'
 * passive ones, so a page's own `usePageTitle` wins over this default. The first page keeps the
 * title the server wrote (a product's own, D19) until it names itself.
 */
export function RouteTitle(): null {
  const { pathname } = useLocation();
  const seen = useRef(false);
  useLayoutEffect(() => {
    if (seen.current) document.title = SHOP_TITLE;
    seen.current = true;
  }, [pathname]);
  return null;
}
