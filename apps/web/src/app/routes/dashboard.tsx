import { Navigate, type RouteObject } from 'react-router';
import { lazyPage, type PageFile } from '../lazy-page';
import { FullPageSpinner, Spinner } from '../../components/ui/Spinner';

/** A dashboard screen loaded on demand: the dashboard's frame stays, a spinner where it goes. */
const screen = (file: PageFile) =>
  lazyPage(
    file,
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
  ...lazyPage(
    'features/dashboard/DashboardLayout',
    <FullPageSpinner label="Loading the dashboard" />,
  ),
  children: [
    { index: true, element: <Navigate to="overview" replace /> },
    {
      path: 'products',
      ...screen('features/dashboard/products/ProductsPage'),
    },
    {
      path: 'addproducts',
      ...screen('features/dashboard/products/ProductFormPage'),
    },
    {
      path: 'editproduct/:slug',
      ...screen('features/dashboard/products/ProductFormPage'),
    },
    {
      path: 'orders',
      ...screen('features/dashboard/orders/OrdersPage'),
      children: [
        {
          path: ':id',
          ...screen('features/dashboard/orders/OrderPage'),
        },
      ],
    },
    {
      path: 'overview',
      ...screen('features/dashboard/overview/OverviewPage'),
    },
    {
      path: 'pages',
      ...screen('features/dashboard/pages/InfoPagesPage'),
    },
    {
      path: 'pages/:slug',
      ...screen('features/dashboard/pages/InfoPageFormPage'),
    },
    {
      path: 'codes',
      ...screen('features/dashboard/codes/CodesPage'),
    },
    {
      path: 'subscribers',
      ...screen('features/dashboard/subscribers/SubscribersPage'),
    },
    {
      path: 'content',
      ...screen('features/dashboard/content/ContentPage'),
    },
    {
      path: 'settings',
      ...screen('features/dashboard/settings/SettingsPage'),
    },
    {
      path: 'customers',
      ...screen('features/dashboard/customers/CustomersPage'),
    },
    {
      path: 'customers/:phone',
      ...screen('features/dashboard/customers/CustomerPage'),
    },
    {
      path: 'backups',
      ...screen('features/dashboard/backups/BackupsPage'),
    },
  ],
};

/**
 * The printable invoices and packing slips: a page of their own, without the dashboard's frame,
 * so only the slips print.
 */
export const dashboardPrintRoute: RouteObject = {
  path: 'dashboard/print',
  ...lazyPage('features/dashboard/orders/PrintPage', <FullPageSpinner label="Loading the slips" />),
};
