import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/ui/Spinner';
import { accountRoute } from '../features/account/routes';
import { SessionGate, SessionLookup } from '../features/auth/SessionGate';
import { checkoutRoutes } from '../features/checkout/routes';
import { CategoryPage } from '../features/category/CategoryPage';
import { dashboardRoute } from '../features/dashboard/routes';
import { HomePage } from '../features/home/HomePage';
import { ProductPage } from '../features/product/ProductPage';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { RouteError } from '../features/shell/RouteError';
import { PageLoading, ShopLayout } from '../features/shell/ShopLayout';
import { RouteTitle } from '../lib/page-title';

/** Every route of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: (
      <SessionLookup>
        <RouteTitle />
        <Outlet />
      </SessionLookup>
    ),
    errorElement: <RouteError />,
    // A first visit straight to a lazy page outside the shop (the dashboard) waits with the logo.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        element: <ShopLayout />,
        // A first visit straight to a lazy shop page: the shell at once, the page when it loads.
        hydrateFallbackElement: (
          <ShopLayout>
            <PageLoading />
          </ShopLayout>
        ),
        children: [
          // Home, product and category are where visitors land (links shared in messages and
          // ads): they come with the first chunk, so their first render needs no second request.
          { index: true, element: <HomePage /> },
          { path: 'product/:slug', element: <ProductPage /> },
          { path: 'category/:slug', element: <CategoryPage /> },
          // The other storefront pages load on demand, keeping first-load JS small.
          {
            path: 'sizes',
            lazy: async () => ({
              Component: (await import('../features/sizes/SizesPage')).SizesPage,
            }),
          },
          {
            path: 'cart',
            lazy: async () => ({ Component: (await import('../features/cart/CartPage')).CartPage }),
          },
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
            lazy: async () => ({
              Component: (await import('../features/auth/LoginPage')).LoginPage,
            }),
          },
          {
            path: 'signup',
            lazy: async () => ({
              Component: (await import('../features/auth/SignupPage')).SignupPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage,
            }),
          },
          {
            path: 'auth/magic-url',
            lazy: async () => ({
              Component: (await import('../features/auth/MagicUrlPage')).MagicUrlPage,
            }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      dashboardRoute,
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
