import { INFO_PAGE_SLUGS } from '@courtside/shop';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { accountRoute } from './routes/account';
import { SessionGate, SessionLookup } from '../features/auth/SessionGate';
import { checkoutRoutes } from './routes/checkout';
import { dashboardPrintRoute, dashboardRoute } from './routes/dashboard';
import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../components/ui/NotFoundPage';
import { RouteErrorBoundary } from '../features/shell/RouteErrorBoundary';
import { ShopLayout } from '../features/shell/ShopLayout';
import { RouteTitle } from '../lib/page-title';
import { shopPage, type LazyRoute } from './lazy-page';

/** The shop's own pages (/privacy, /terms, /faq, /contact, /size-exchange): one page's code. */
const infoPage = shopPage('features/info/InfoPage');

/** Any path the shop has no page for. */
const notFoundRoute: RouteObject = { path: '*', element: <NotFoundPage /> };

/**
 * Every route of docs/shop.md §2, as plain route objects (react-router's declarative mode: the data
 * router would add 55 KB of code to evaluate on every first load, and nothing here loads data
 * through it).
 */
export const routes: RouteObject[] = [
  {
    element: (
      <SessionLookup>
        <RouteTitle />
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      </SessionLookup>
    ),
    children: [
      {
        element: <ShopLayout />,
        children: [
          // Home is where most visitors land: it comes with the first chunk, so its first render
          // needs no second request. A product page (shared links, ads) has a chunk of its own,
          // which a product page the server renders loads beside the first chunk, like the lists.
          { index: true, element: <HomePage /> },
          { path: 'product/:slug', ...shopPage('features/product/ProductPage') },
          // The lists of pairs (a category, all shoes, a brand, search results) share one list's
          // code, loaded with the page; a list page the server renders names it for its loader to
          // fetch beside the first chunk, so a visitor landing on one waits for no second round
          // trip.
          { path: 'category/:slug', ...shopPage('features/category/CategoryPage') },
          { path: 'shop', ...shopPage('features/browse/ShopPage') },
          { path: 'brand/:slug', ...shopPage('features/browse/BrandPage') },
          { path: 'search', ...shopPage('features/browse/SearchPage') },
          // The other storefront pages load on demand, keeping first-load JS small.
          {
            path: 'sizes',
            ...shopPage('features/sizes/SizesPage'),
          },
          {
            path: 'cart',
            ...shopPage('features/cart/CartPage'),
          },
          { path: 'track', ...shopPage('features/track/TrackPage') },
          // The buyer's confirmation link: no account needed, the link's key is the proof.
          { path: 'confirm/:token', ...shopPage('features/confirm/ConfirmPage') },
          ...INFO_PAGE_SLUGS.map((slug) => ({ path: slug, ...infoPage })),
          // Pages that depend on the signed-in user wait for the session lookup; the rest don't.
          {
            element: (
              <SessionGate>
                <Outlet />
              </SessionGate>
            ),
            children: [...checkoutRoutes, accountRoute],
          },
          // Pages with forms load on demand: the form and validation libraries stay off first load.
          {
            path: 'login',
            ...shopPage('features/auth/LoginPage'),
          },
          {
            path: 'signup',
            ...shopPage('features/auth/SignupPage'),
          },
          {
            path: 'reset-password',
            ...shopPage('features/auth/ResetPasswordPage'),
          },
          {
            path: 'auth/magic-url',
            ...shopPage('features/auth/MagicUrlPage'),
          },
          notFoundRoute,
        ],
      },
      dashboardRoute,
      dashboardPrintRoute,
    ],
  },
];

/** Whether the shop has no page at `pathname` (it shows the not-found page). */
export const isUnknownPath = (pathname: string): boolean =>
  matchRoutes(routes, pathname)?.at(-1)?.route === notFoundRoute;

/** The page for the current location (inside BrowserRouter, StaticRouter or a test's router). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** The handles of the pages loaded on demand that `pathname` shows (lazy-page.tsx). */
export const lazyHandles = (pathname: string): LazyRoute['handle'][] =>
  (matchRoutes(routes, pathname) ?? []).flatMap(
    ({ route }) => (route.handle as LazyRoute['handle'] | undefined) ?? [],
  );

/** The code of the pages loaded on demand that `pathname` shows, loaded. */
export const preloadPagesOf = (pathname: string): Promise<unknown> =>
  Promise.all(lazyHandles(pathname).map((handle) => handle.preload()));
