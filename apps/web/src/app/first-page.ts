import { isCategory } from '@courtside/shop';
import { productsApi } from '../features/catalog/products-api';
import type { AppStore } from './store';

/** The landing pages: where visitors arrive from shared links, rendered on the server too. */
export function isLandingPage(pathname: string): boolean {
  return pathname === '/' || /^\/(product|category)\/[^/]+\/?$/.test(pathname);
}

/**
 * Asks for the landing page's data while the app is still starting (issue 7): the calls leave
 * before the first render instead of after it, so a phone on a slow link waits one round trip
 * less for the products (and, on a product page, for the picture's element). The page's own
 * hooks then find the calls under way in the cache. Same arguments as the pages use, so the
 * cache entries match.
 *
 * In the browser nothing is held, so unused data expires as usual; on the server (`hold`) the
 * calls stay subscribed, so no expiry timer outlives the render.
 */
export function prefetchFirstPage(store: AppStore, pathname: string, hold = false): void {
  const { endpoints } = productsApi;
  const start = (call: { unsubscribe(): void }) => {
    if (!hold) call.unsubscribe();
  };
  const [, section, raw] = pathname.split('/');
  let slug: string;
  try {
    slug = decodeURIComponent(raw ?? '');
  } catch {
    return; // a malformed address: the page itself says it is not found
  }
  if (pathname === '/') {
    start(store.dispatch(endpoints.carousel.initiate({ order: 'newest' })));
    start(store.dispatch(endpoints.carousel.initiate({ order: 'best-selling' })));
  } else if (section === 'product' && slug) {
    start(store.dispatch(endpoints.getProduct.initiate(slug)));
  } else if (section === 'category' && slug && isCategory(slug)) {
    start(store.dispatch(endpoints.categoryProducts.initiate(slug)));
  }
}
