import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { FullPageSpinner, Spinner } from '../../components/ui/Spinner';

/** A dashboard screen loaded on demand: the dashboard's frame stays, a spinner where it goes. */
const screen = (load: () => Promise<ComponentType>) =>
  lazyPage(
    load,
    <div className="grid min-h-64 place-items-center">
      <Spinner label="Loading the page" />
    </div>,
  );

/**
 * The dashboard's routes. The layout and every screen are lazy chunks, so the storefront never
 * downloads the dashboard's code; each screen loads only what it uses (the form libraries stay
 * with the product form, the chart with the overview).
 */
export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  element: lazyPage(
    async () => (await import('./DashboardLayout')).DashboardLayout,
    <FullPageSpinner label="Loading the dashboard" />,
  ),
  children: [
    { index: true, element: <Navigate to="products" replace /> },
    {
      path: 'products',
      element: screen(async () => (await import('./ProductsPage')).ProductsPage),
    },
    {
      path: 'addproducts',
      element: screen(async () => (await import('./ProductFormPage')).ProductFormPage),
    },
    {
      path: 'editproduct/:slug',
      element: screen(async () => (await import('./ProductFormPage')).ProductFormPage),
    },
    {
      path: 'orders',
      element: screen(async () => (await import('./OrdersPage')).OrdersPage),
      children: [
        {
          path: ':id',
          element: screen(async () => (await import('./OrderPage')).OrderPage),
        },
      ],
    },
    {
      path: 'overview',
      element: screen(async () => (await import('./OverviewPage')).OverviewPage),
    },
  ],
};
