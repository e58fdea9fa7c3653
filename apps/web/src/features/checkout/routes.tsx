import type { RouteObject } from 'react-router';
import { shopPage } from '../../app/lazy-page';

/** Checkout and confirmation load on demand: the form and validation code stay off first load. */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'checkout',
    element: shopPage(async () => (await import('./CheckoutPage')).CheckoutPage),
  },
  {
    path: 'thanks-for-shopping',
    element: shopPage(async () => (await import('./ThanksPage')).ThanksPage),
  },
];
