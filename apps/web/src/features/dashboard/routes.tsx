import { Navigate, type RouteObject } from 'react-router';

/**
 * The dashboard's routes. The layout and every screen are lazy chunks, so the storefront never
 * downloads the dashboard's code; each screen loads only what it uses (the form libraries stay
 * with the product form, the chart with the overview).
 */
export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  lazy: async () => ({ Component: (await import('./DashboardLayout')).DashboardLayout }),
  children: [
    { index: true, element: <Navigate to="products" replace /> },
    {
      path: 'products',
      lazy: async () => ({ Component: (await import('./ProductsPage')).ProductsPage }),
    },
    {
      path: 'addproducts',
      lazy: async () => ({ Component: (await import('./ProductFormPage')).ProductFormPage }),
    },
    {
      path: 'editproduct/:slug',
      lazy: async () => ({ Component: (await import('./ProductFormPage')).ProductFormPage }),
    },
    {
      path: 'orders',
      lazy: async () => ({ Component: (await import('./OrdersPage')).OrdersPage }),
      children: [
        {
          path: ':id',
          lazy: async () => ({ Component: (await import('./OrderPage')).OrderPage }),
        },
      ],
    },
    {
      path: 'overview',
      lazy: async () => ({ Component: (await import('./OverviewPage')).OverviewPage }),
    },
  ],
};
