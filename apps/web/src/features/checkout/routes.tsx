import type { RouteObject } from 'react-router';

/** Checkout and confirmation load on demand: the form and validation code stay off first load. */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'checkout',
    lazy: async () => ({ Component: (await import('./CheckoutPage')).CheckoutPage }),
  },
  {
    path: 'thanks-for-shopping',
    lazy: async () => ({ Component: (await import('./ThanksPage')).ThanksPage }),
  },
];
