import { discountPercent, formatRs, hasDiscount, unitPrice, type Priced } from '@courtside/shop';
import type { ReactNode } from 'react';

/**
 * The price a customer pays, with the original struck through when discounted (D2, D5). Prices
 * and badges are `data-keep-clear`: the floating chat button steps aside from them.
 * `badge` goes in the same wrapping row, so on a narrow screen it follows the prices instead of
 * sitting alone at the far edge.
 */
export function Price({
  product,
  size = 'md',
  badge,
  stacked = false,
}: {
  product: Priced;
  size?: 'md' | 'lg';
  badge?: ReactNode;
  /** One price under the other, right-aligned: the same place with or without a discount. */
  stacked?: boolean;
}) {
  const big = size === 'lg';
  const layout = stacked
    ? 'flex flex-col items-end'
    : `flex flex-wrap items-baseline ${big ? 'gap-x-3 gap-y-1' : 'gap-x-2'}`;
  return (
    <p className={layout}>
      <span
        data-keep-clear
        className={`font-extrabold text-ink ${big ? 'text-2xl sm:text-3xl' : 'text-base'}`}
      >
        <span className="sr-only">Price </span>
        {formatRs(unitPrice(product))}
      </span>
      {hasDiscount(product) && (
        <s data-keep-clear className={`text-muted ${big ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Original price </span>
          {formatRs(product.price)}
        </s>
      )}
      {badge && <span className="self-center">{badge}</span>}
    </p>
  );
}

/** "-25%": 100 minus the rounded ratio of disc_price to price; nothing without a discount. */
export function DiscountBadge({
  product,
  className = '',
}: {
  product: Priced;
  className?: string;
}) {
  const percent = discountPercent(product);
  if (percent <= 0) return null;
  return (
    <span
      data-keep-clear
      className={`inline-block rounded-full bg-court px-2.5 py-1 text-xs font-bold text-white ${className}`}
    >
      -{percent}%<span className="sr-only"> off</span>
    </span>
  );
}
