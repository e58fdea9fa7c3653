/**
 * The one in-stock rule (D16): the flag says "true" and, when the product carries a count, at
 * least one pair is left. Wishlist and cart copies may lack the count; the flag decides then.
 */
export function isInStock(p: { stoke?: string | null; stock?: number | null }): boolean {
  return p.stoke === 'true' && (typeof p.stock !== 'number' || p.stock > 0);
}
