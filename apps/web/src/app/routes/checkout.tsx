import type { RouteObject } from 'react-router';
import { shopPage } from '../lazy-page';

/** Checkout and confirmation load on demand: the form and validation code stay off first load. */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'checkout',
    ...shopPage('features/checkout/CheckoutPage'),
  },
  {
    path: 'thanks-for-shopping',
    ...shopPage('features/checkout/ThanksPage'),
  },
];
