import { Navigate, type RouteObject } from 'react-router';
import { shopPage } from '../../app/lazy-page';

/** The account area (spec section 2), every page a lazy chunk under the shared layout. */
export const accountRoute: RouteObject = {
  path: 'account',
  element: shopPage(async () => (await import('./AccountLayout')).AccountLayout),
  children: [
    { index: true, element: <Navigate to="my-account" replace /> },
    {
      path: 'my-account',
      element: shopPage(async () => (await import('./MyAccountPage')).MyAccountPage),
    },
    {
      path: 'my-orders',
      element: shopPage(async () => (await import('./MyOrdersPage')).MyOrdersPage),
    },
    {
      path: 'wishlist',
      element: shopPage(async () => (await import('./WishlistPage')).WishlistPage),
    },
    {
      path: 'verify-email',
      element: shopPage(async () => (await import('./VerifyEmailPage')).VerifyEmailPage),
    },
  ],
};
