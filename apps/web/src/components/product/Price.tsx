import { discountPercent, formatRs, hasDiscount, unitPrice, type Priced } from '@courtside/shop';

/** The price a customer pays, with the original struck through when discounted (D2, D5). */
export function Price({ product, size = 'md' }: { product: Priced; size?: 'md' | 'lg' }) {
  const big = size === 'lg';
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-extrabold text-ink ${big ? 'text-3xl' : 'text-base'}`}>
        <span className="sr-only">Price </span>
        {formatRs(unitPrice(product))}
      </span>
      {hasDiscount(product) && (
        <s className={`text-muted ${big ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Original price </span>
          {formatRs(product.price)}
        </s>
      )}
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
      className={`inline-block rounded-full bg-court px-2.5 py-1 text-xs font-bold text-white ${className}`}
    >
      -{percent}%<span className="sr-only"> off</span>
    </span>
  );
}
