import { Navigate, type RouteObject } from 'react-router';
import { shopPage } from '../lazy-page';

/** The account area (docs/shop.md §2), every page a lazy chunk under the shared layout. */
export const accountRoute: RouteObject = {
  path: 'account',
  ...shopPage('features/account/AccountLayout'),
  children: [
    { index: true, element: <Navigate to="my-account" replace /> },
    {
      path: 'my-account',
      ...shopPage('features/account/MyAccountPage'),
    },
    {
      path: 'my-orders',
      ...shopPage('features/account/MyOrdersPage'),
    },
    {
      path: 'wishlist',
      ...shopPage('features/account/WishlistPage'),
    },
    {
      path: 'verify-email',
      ...shopPage('features/account/VerifyEmailPage'),
    },
  ],
};
