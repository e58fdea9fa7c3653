import {
  DELIVERY_ESTIMATE_ID,
  HIGHLIGHTS_ID,
  INFO_PAGE_SLUGS,
  isInfoPageSlug,
} from '@courtside/shop';
import { infoPagesApi } from '../entities/info-page/info-pages-api';
import { chargesApi } from '../entities/shop/charges-api';
import { contentApi } from '../entities/shop/content-api';
import { factsApi } from '../entities/shop/facts-api';
import { brandTilesApi } from '../features/home/brand-tiles';
import { productsApi } from '../entities/product/products-api';
import type { AppStore } from './store';

/** The first segments of the lists of pairs' paths (browse-api.ts, listArgs). */
const LIST_SECTIONS = new Set(['shop', 'search', 'category', 'brand']);

const STATIC_PAGES = new RegExp(`^/(cart|sizes|shop|search|${INFO_PAGE_SLUGS.join('|')})?/?$`);

/**
 * The pages rendered on the server too: where visitors arrive from shared links (home, a product,
 * the lists of pairs: all shoes, a brand, a category, search results), and the pages that need no
 * visitor to show (the cart, empty until the browser's lines are in, the size guide and the
 * shop's own pages).
 */
export function isRenderedOnServer(pathname: string): boolean {
  return STATIC_PAGES.test(pathname) || /^\/(product|category|brand)\/[^/]+\/?$/.test(pathname);
}

/**
 * Asks for the landing page's data while the app is still starting (docs/architecture.md#speed):
 * the calls leave before the first render instead of after it, so a phone on a slow link waits one
 * round trip less for the products (and, on a product page, for the picture's element). The page's
 * own hooks then find the calls under way in the cache. Same arguments as the pages use, so the
 * cache entries match.
 *
 * In the browser nothing is held, so unused data expires as usual; on the server (`hold`) the
 * calls stay subscribed, so no expiry timer outlives the render, and the returned promise
 * settles once every call the page makes has answered (a product's Related Items need its
 * line first).
 */
export async function prefetchFirstPage(
  store: AppStore,
  pathname: string,
  hold = false,
  search = '',
): Promise<void> {
  const start = <T>(call: { unsubscribe(): void } & PromiseLike<T>): PromiseLike<T> => {
    if (!hold) call.unsubscribe();
    return call;
  };
  // Every page shows the shop's facts (the header's name, the footer's numbers): on the server
  // they are asked for with the page's data; in the browser the page's head carried them.
  // So does the storefront's content (the header's logo, the home page's banner and promo).
  const shop = hold
    ? Promise.all([
        start(store.dispatch(factsApi.endpoints.shopFacts.initiate())),
        start(store.dispatch(contentApi.endpoints.shopContent.initiate())),
      ])
    : null;
  await prefetchPageData(store, pathname, start, search);
  await shop;
}

async function prefetchPageData(
  store: AppStore,
  pathname: string,
  start: <T>(call: { unsubscribe(): void } & PromiseLike<T>) => PromiseLike<T>,
  search: string,
): Promise<void> {
  const { endpoints } = productsApi;
  const [, section, raw] = pathname.split('/');
  let slug: string;
  try {
    slug = decodeURIComponent(raw ?? '');
  } catch {
    return; // a malformed address: the page itself says it is not found
  }
  if (pathname === '/') {
    await Promise.all([
      start(store.dispatch(endpoints.carousel.initiate({ order: 'newest' }))),
      start(store.dispatch(endpoints.carousel.initiate({ order: 'best-selling' }))),
      start(store.dispatch(brandTilesApi.endpoints.tilePictures.initiate())),
      start(store.dispatch(infoPagesApi.endpoints.infoText.initiate(HIGHLIGHTS_ID))),
      // The banner's free-delivery slide names the owner's threshold.
      start(store.dispatch(chargesApi.endpoints.charges.initiate())),
    ]);
  } else if (section === 'product' && slug) {
    const delivery = Promise.all([
      start(store.dispatch(infoPagesApi.endpoints.infoText.initiate(DELIVERY_ESTIMATE_ID))),
      start(store.dispatch(chargesApi.endpoints.charges.initiate())),
    ]);
    const { data: product } = await start(store.dispatch(endpoints.getProduct.initiate(slug)));
    if (product) {
      const related = { id: product.$id, line: product.category };
      await start(store.dispatch(endpoints.related.initiate(related)));
    }
    await delivery;
  } else if (section === 'checkout' && !raw) {
    // The order summary's delivery estimate and the shop's charges (its total): asked for beside
    // the session lookup, not once the form has rendered, which then renders with them.
    await Promise.all([
      start(store.dispatch(infoPagesApi.endpoints.infoText.initiate(DELIVERY_ESTIMATE_ID))),
      start(store.dispatch(chargesApi.endpoints.charges.initiate())),
    ]);
  } else if (section && isInfoPageSlug(section) && !raw) {
    await Promise.all([
      start(store.dispatch(infoPagesApi.endpoints.infoText.initiate(section))),
      // A page the owner never wrote says the shop's charges in its default text.
      start(store.dispatch(chargesApi.endpoints.charges.initiate())),
    ]);
  } else if (section && LIST_SECTIONS.has(section)) {
    // A list of pairs: its calls come with the list pages' code (not with the first load), which
    // a list page asks for at once anyway.
    const { browseApi, listArgs } = await import('../entities/product/browse-api');
    const args = listArgs(section, slug, search);
    if (args) await start(store.dispatch(browseApi.endpoints.browseProducts.initiate(args)));
  }
}
