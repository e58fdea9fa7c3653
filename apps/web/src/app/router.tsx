import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { accountRoute } from '../features/account/routes';
import { SessionGate } from '../features/auth/SessionGate';
import { checkoutRoutes } from '../features/checkout/routes';
import { dashboardRoute } from '../features/dashboard/routes';
import {
  CartPage,
  CategoryPage,
  HomePage,
  ProductPage,
  SizesPage,
} from '../features/pages/placeholders';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { RouteError } from '../features/shell/RouteError';
import { ShopLayout } from '../features/shell/ShopLayout';

/** Every route of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: (
      <SessionGate>
        <Outlet />
      </SessionGate>
    ),
    errorElement: <RouteError />,
    children: [
      {
        element: <ShopLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'sizes', element: <SizesPage /> },
          { path: 'product/:slug', element: <ProductPage /> },
          { path: 'category/:slug', element: <CategoryPage /> },
          { path: 'cart', element: <CartPage /> },
          ...checkoutRoutes,
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
          accountRoute,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      dashboardRoute,
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
