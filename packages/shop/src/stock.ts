/**
 * The stock rule both sides read (D16): `stoke` is the flag the shop filters on, `stock` the
 * count. A product is sold out when its flag is not "true" (a missing flag reads as the spec's
 * default, "true") or its count is 0. Data imported from the old shop may carry no count: then
 * the flag alone decides, and the server, which fills the schema's default, has the last word.
 */
export interface StockFields {
  stoke?: unknown;
  stock?: unknown;
}

/** How many units a customer may put in the cart: 0 when sold out, unbounded without a count. */
export function availableUnits(p: StockFields): number {
  if (p.stoke !== undefined && p.stoke !== 'true') return 0;
  const stock = p.stock;
  if (typeof stock !== 'number' || !Number.isFinite(stock)) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.floor(stock));
}

export const isInStock = (p: StockFields): boolean => availableUnits(p) > 0;
