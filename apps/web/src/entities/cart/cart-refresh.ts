import { availableUnits, unitPrice, type CartLine, type Product } from '@courtside/shop';

/** What happened to one cart line when it was checked against the shop's current products. */
export type CartChange =
  | { kind: 'price'; id: string; title: string; was: number; now: number }
  | { kind: 'quantity'; id: string; title: string; was: number; now: number }
  | { kind: 'sold-out'; id: string; title: string }
  | { kind: 'gone'; id: string; title: string };

/** The product fields a cart line keeps a copy of (docs/shop.md §3), refreshed from the shop. */
const COPIED = [
  'title',
  'description',
  'category',
  'price',
  'disc_price',
  // An automatic sale's window: the sale price holds only inside it.
  'sale_from',
  'sale_until',
  'size',
  'condition',
  'stoke',
  'stock',
  'image',
  'images',
  'product_id',
] as const;

/**
 * The cart's lines brought up to date with fresh product documents (D4, D9): prices, stock and
 * names come from the shop; a line whose product is gone or sold out leaves the cart; a quantity
 * above the stock comes down to it. Only lines in `checked` are judged (a product missing from
 * the answer was asked for and not found); `changes` says what the customer should be told.
 */
export function refreshLines(
  lines: readonly CartLine[],
  products: readonly Product[],
  checked: readonly string[],
): { lines: CartLine[]; changes: CartChange[] } {
  const byId = new Map(products.map((p) => [p.$id, p]));
  const asked = new Set(checked);
  const out: CartLine[] = [];
  const changes: CartChange[] = [];
  for (const line of lines) {
    if (!asked.has(line.$id)) {
      out.push(line);
      continue;
    }
    const product = byId.get(line.$id);
    if (!product) {
      changes.push({ kind: 'gone', id: line.$id, title: line.title });
      continue;
    }
    const units = availableUnits(product);
    if (units < 1) {
      changes.push({ kind: 'sold-out', id: line.$id, title: product.title });
      continue;
    }
    const fresh: CartLine = { ...line };
    for (const key of COPIED) {
      if (product[key] !== undefined) (fresh as Record<string, unknown>)[key] = product[key];
    }
    fresh.quantity = Math.min(line.quantity, units);
    const was = unitPrice(line);
    const now = unitPrice(fresh);
    if (was !== now) changes.push({ kind: 'price', id: line.$id, title: fresh.title, was, now });
    if (fresh.quantity !== line.quantity) {
      changes.push({
        kind: 'quantity',
        id: line.$id,
        title: fresh.title,
        was: line.quantity,
        now: fresh.quantity,
      });
    }
    out.push(fresh);
  }
  return { lines: out, changes };
}
