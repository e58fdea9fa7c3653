import { availableUnits, type CartLine, type StockFields } from '@courtside/shop';

/** What the cart keeps of a product: its fields (docs/shop.md §3) without the quantity. */
export type CartProduct = Omit<CartLine, 'quantity'>;

/**
 * The most a customer can put in the cart (D16): 0 for a sold-out product, whether its count or
 * only its `stoke` flag says so (imported data has no count), else its count, if it has one.
 */
export const maxQuantity = (product: StockFields): number => availableUnits(product);

export function clampQuantity(product: StockFields, quantity: number): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.max(1, Math.min(whole, maxQuantity(product)));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A product-like value read back from storage: it needs an id, a title and prices. */
export function isStoredProduct(value: unknown): value is CartProduct {
  return (
    isObject(value) &&
    typeof value.$id === 'string' &&
    value.$id.length > 0 &&
    typeof value.title === 'string' &&
    typeof value.price === 'number' &&
    Number.isFinite(value.price)
  );
}

/** Cart lines read back from storage; anything malformed is dropped, quantities repaired. */
export function storedCartLines(value: unknown): CartLine[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(isStoredProduct).map((line) => {
    const quantity = (line as { quantity?: unknown }).quantity;
    return {
      ...line,
      disc_price: typeof line.disc_price === 'number' ? line.disc_price : 0,
      quantity: typeof quantity === 'number' && quantity >= 1 ? Math.floor(quantity) : 1,
    };
  });
}
