import { Link } from 'react-router';
import { formatRs, isDraft, isInStock, unitPrice, type Product } from '@courtside/shop';
import { paths } from '../../../config/routes';
import { previewUrl } from '../../../lib/images';
import { rememberListPlace } from './list-place';
import { DraftBadge, PublishButton } from './PublishButton';

/**
 * One product of the dashboard's grid: picture (whole, never cropped), Draft and Out of Stock
 * marks, size, condition, price, pairs left, the Update overlay to its form, a draft's Publish
 * button, and a box that selects it for the bulk actions.
 */
export function ProductTile(props: {
  product: Product;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { product, selected, onSelect } = props;
  const out = !isInStock(product);
  return (
    <article
      className={`group relative flex-1 overflow-hidden rounded-card border bg-card shadow-sm ${selected ? 'border-ink ring-2 ring-ink' : 'border-line'}`}
    >
      <div className="relative aspect-square bg-paper">
        {product.image && (
          <img
            src={previewUrl(product.image, 360)}
            alt=""
            loading="lazy"
            className="size-full object-contain"
          />
        )}
        {isDraft(product) && <DraftBadge className="absolute top-2 left-11" />}
        {out && (
          <span className="absolute top-2 right-2 rounded-full bg-ink/80 px-2 py-0.5 text-[11px] font-semibold text-white">
            Out of Stock
          </span>
        )}
        <Link
          to={paths.dashboard.editProduct(product.$id)}
          onClick={() => rememberListPlace(window.location.search)}
          aria-label={`Update ${product.title}`}
          className="absolute right-2 bottom-2 rounded-full bg-white/95 px-4 py-1.5 text-sm font-bold text-ink shadow ring-1 ring-line transition lg:inset-0 lg:flex lg:items-center lg:justify-center lg:rounded-none lg:bg-ink/55 lg:p-0 lg:text-base lg:text-white lg:opacity-0 lg:ring-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100"
        >
          Update
        </Link>
        {/* Above the overlay, a thumb's size: the box stays reachable while Update shows. */}
        <label className="absolute top-0 left-0 z-10 grid size-11 cursor-pointer place-items-center">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select ${product.title}`}
            className="size-5 cursor-pointer rounded accent-ink shadow"
          />
        </label>
      </div>
      <div className="p-2.5">
        <h2 className="line-clamp-2 min-h-10 text-sm leading-5 font-semibold">{product.title}</h2>
        <p className="mt-1 flex items-baseline justify-between gap-1">
          <span className="text-sm font-bold text-court-dark">{formatRs(unitPrice(product))}</span>
          {!out && (
            <span className="shrink-0 text-xs font-semibold text-ink-soft">
              {product.stock} left
            </span>
          )}
        </p>
        <p className="truncate text-xs text-muted">
          EUR {product.size} · {product.condition}/10
        </p>
        {isDraft(product) && <PublishButton product={product} className="mt-2 w-full" />}
      </div>
    </article>
  );
}
