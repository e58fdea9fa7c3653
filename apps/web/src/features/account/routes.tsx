import { Navigate, type RouteObject } from 'react-router';

/** The account area (spec section 2), every page a lazy chunk under the shared layout. */
export const accountRoute: RouteObject = {
  path: 'account',
  lazy: async () => ({ Component: (await import('./AccountLayout')).AccountLayout }),
  children: [
    { index: true, element: <Navigate to="my-account" replace /> },
    {
      path: 'my-account',
      lazy: async () => ({ Component: (await import('./MyAccountPage')).MyAccountPage }),
    },
    {
      path: 'my-orders',
      lazy: async () => ({ Component: (await import('./MyOrdersPage')).MyOrdersPage }),
    },
    {
      path: 'wishlist',
      lazy: async () => ({ Component: (await import('./WishlistPage')).WishlistPage }),
    },
    {
      path: 'verify-email',
      lazy: async () => ({ Component: (await import('./VerifyEmailPage')).VerifyEmailPage }),
    },
  ],
};
