import { Navigate, type RouteObject } from 'react-router';
import type * as Pages from './pages';

/**
 * The dashboard's routes. Every screen is a lazy chunk, so the storefront never downloads the
 * dashboard's code (or its chart library).
 */
const page = (name: keyof typeof Pages) => async () => ({
  Component: (await import('./pages'))[name],
});

export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  lazy: async () => ({ Component: (await import('./DashboardLayout')).DashboardLayout }),
  children: [
    { index: true, element: <Navigate to="products" replace /> },
    { path: 'products', lazy: page('DashboardProducts') },
    { path: 'addproducts', lazy: page('DashboardProductForm') },
    { path: 'editproduct/:slug', lazy: page('DashboardProductForm') },
    {
      path: 'orders',
      lazy: page('DashboardOrders'),
      children: [{ path: ':id', lazy: page('DashboardOrder') }],
    },
    { path: 'overview', lazy: page('DashboardOverview') },
  ],
};
