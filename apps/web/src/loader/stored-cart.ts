import { CART_STORAGE_KEY } from '@courtside/shop';
import { readStored } from '../lib/browser-storage';

/**
 * Inline in the page's head, before anything paints: marks the document (`data-cart="stored"`)
 * when the browser holds cart lines, so a cart page rendered on the server (which knows no
 * cart) shows a placeholder rather than "Your Cart is Empty" until the app shows the lines.
 */
export function markStoredCart(doc: Document = document): void {
  const lines = readStored(CART_STORAGE_KEY, (value) => (Array.isArray(value) ? value : null));
  if (lines?.length) doc.documentElement.dataset.cart = 'stored';
}
