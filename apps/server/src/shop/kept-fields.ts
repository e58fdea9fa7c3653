import { unitPrice } from '@courtside/shop';
import type { StoredDocument } from '../modules/databases/contract.js';
import { shopError } from './errors.js';

/**
 * Product attributes the server keeps, for browsing (docs/shop.md §3): `sale_price`, what a
 * pair costs now (the unit price: `disc_price` when it is a real discount, inside its sale
 * window when it has one, else `price`; sale-windows.ts keeps it true as windows open and close), which
 * the shop filters and sorts by, and `sold`, the pairs ordered (sales.ts), which "Best selling"
 * sorts by. Clients never set them: a value other than the server's own is refused.
 */
export const SALE_PRICE = 'sale_price';
export const SOLD = 'sold';

const invalid = (message: string) => shopError('shop_product_invalid', message);

const moment = (value: unknown) =>
  typeof value === 'string' && value !== '' ? new Date(value).toISOString() : null;

/**
 * What a product create (`current` null) or update stores of the kept attributes: the sale price
 * from the price and discount it will have, and on create no pairs sold.
 */
export function keptProductFields(
  data: Record<string, unknown>,
  current: StoredDocument | null,
): Record<string, number> {
  const price = Number(data.price ?? current?.price ?? 0);
  const disc = Number(data.disc_price ?? current?.disc_price ?? 0);
  const window = {
    sale_from: moment('sale_from' in data ? data.sale_from : current?.sale_from),
    sale_until: moment('sale_until' in data ? data.sale_until : current?.sale_until),
  };
  if (window.sale_from && window.sale_until && window.sale_until <= window.sale_from) {
    throw invalid('The sale must end after it starts');
  }
  const sale = unitPrice({ price, disc_price: disc, ...window });
  // A new document arrives with the schema's defaults (0) filled in for what was not sent.
  const sent = (key: string, kept: number) =>
    data[key] !== undefined && data[key] !== kept && !(current === null && data[key] === 0);
  if (sent(SALE_PRICE, sale)) {
    throw invalid('The sale price follows the price and the discount price; it cannot be set');
  }
  const sold = current ? Number(current[SOLD] ?? 0) : 0;
  if (sent(SOLD, sold)) {
    throw invalid('Pairs sold are counted from the orders; they cannot be set');
  }
  return current ? { [SALE_PRICE]: sale } : { [SALE_PRICE]: sale, [SOLD]: 0 };
}
