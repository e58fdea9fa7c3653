import { conditionGrade, isInStock, isPreLoved, type Product } from '@courtside/shop';
import { Link } from 'react-router';
import { paths } from '../../config/routes';
import { GradeDot } from './ConditionGrade';
import { DiscountBadge, Price } from './Price';
import { ProductImage } from './ProductImage';

/**
 * A product in a grid or carousel: picture with its badges (sold out, discount, new), title, size
 * and condition, price.
 */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const inStock = isInStock(product);
  return (
    // The title's link covers the card, so the card shows its keyboard focus: a clear ring.
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-card transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-court has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-paper">
      <div className="relative">
        <ProductImage
          fileId={product.image}
          alt=""
          sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
          eager={eager}
        />
        {/* One wrapping row: however many badges and however narrow the card, none covers another. */}
        <div className="absolute inset-x-2 top-2 flex flex-wrap items-start gap-1">
          {!inStock && (
            <span
              data-keep-clear
              className="rounded-full bg-ink/85 px-2.5 py-1 text-xs font-semibold text-white"
            >
              Out of Stock
            </span>
          )}
          <DiscountBadge product={product} />
          {!isPreLoved(product.condition) && (
            <span
              data-keep-clear
              style={{ backgroundColor: conditionGrade(product.condition).colour }}
              className="rounded-full px-2.5 py-1 text-xs font-bold text-white"
            >
              New
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {/* Two lines kept for the title whatever its length, as the skeleton does: no shift. */}
        <h3 className="line-clamp-2 min-h-[2.75em] text-sm font-semibold leading-snug">
          <Link
            to={paths.product(product.$id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-has-[:focus-visible]:underline"
          >
            {product.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-xs text-muted">
          EUR {product.size} · <GradeDot condition={product.condition} />
          {product.condition}/10
        </p>
        {/* On phones a discounted price wraps onto two lines: every card keeps room for them. */}
        <div className="mt-auto min-h-12 pt-1 sm:min-h-0">
          <Price product={product} />
        </div>
      </div>
    </article>
  );
}

/** A grey card of the same shape (and height) while products load. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-card border border-line bg-card">
      <div className="aspect-square animate-pulse bg-slate-100" />
      <div className="flex flex-col gap-1 p-3">
        <div className="flex h-[2.40625rem] flex-col justify-center gap-1.5">
          <div className="h-3.5 w-4/5 animate-pulse rounded bg-slate-100" />
          <div className="h-3.5 w-3/5 animate-pulse rounded bg-slate-100" />
        </div>
        <div className="flex h-4 items-center">
          <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
        </div>
        <div className="flex h-12 items-start pt-2 sm:h-7">
          <div className="h-4 w-1/3 animate-pulse rounded bg-slate-100" />
        </div>
      </div>
    </div>
  );
}
