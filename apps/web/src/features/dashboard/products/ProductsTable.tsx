import { Link } from 'react-router';
import { formatRs, isDraft, isInStock, unitPrice, type Product } from '@courtside/shop';
import { paths } from '../../../config/routes';
import { previewUrl } from '../../../lib/images';
import { InlineNumber } from './InlineNumber';
import { rememberListPlace } from './list-place';
import { useUpdateProductMutation } from './products-api';
import { DraftBadge, PublishButton } from './PublishButton';

const cell = 'px-2 py-2 align-top max-sm:py-1';
/** On a phone a row is two lines: the product, then its price and stock side by side. */
const phoneLabel = 'mb-1 block text-xs font-semibold text-muted sm:hidden';

function Row(props: {
  product: Product;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { product: p, selected, onSelect } = props;
  const [update] = useUpdateProductMutation();
  const save = (fields: { price: number } | { stock: number }) =>
    update({ id: p.$id, fields }).unwrap();
  const draft = isDraft(p);
  return (
    <tr
      role="row"
      className={`border-t border-line max-sm:grid max-sm:grid-cols-2 max-sm:pb-2 ${selected ? 'bg-paper' : ''}`}
    >
      <td role="cell" className={`${cell} max-sm:col-span-2`}>
        <div className="flex items-start gap-2">
          <label className="grid size-11 shrink-0 cursor-pointer place-items-center">
            <input
              type="checkbox"
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              aria-label={`Select ${p.title}`}
              className="size-5 accent-ink"
            />
          </label>
          <span className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-lg bg-paper">
            {p.image && (
              <img
                src={previewUrl(p.image, 96)}
                alt=""
                loading="lazy"
                className="max-h-full max-w-full object-contain"
              />
            )}
          </span>
          <div className="min-w-0 flex-1">
            <Link
              to={paths.dashboard.editProduct(p.$id)}
              onClick={() => rememberListPlace(window.location.search)}
              aria-label={`Update ${p.title}`}
              className="line-clamp-2 text-sm leading-5 font-semibold underline-offset-2 hover:underline"
            >
              {p.title}
            </Link>
            <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted">
              {draft && <DraftBadge />}
              {!isInStock(p) && <span className="font-semibold text-danger">Out of Stock</span>}
              <span>
                EUR {p.size} · {p.condition}/10
              </span>
            </p>
            {draft && <PublishButton product={p} className="mt-1.5" />}
          </div>
        </div>
      </td>
      <td role="cell" className={`${cell} sm:w-36`}>
        <span aria-hidden="true" className={phoneLabel}>
          Price
        </span>
        <InlineNumber
          label={`Price of ${p.title}`}
          prefix="Rs."
          value={p.price}
          onSave={(price) => save({ price })}
        />
        {unitPrice(p) !== p.price && (
          <p className="mt-1 text-right text-xs text-court-dark">
            Sells at {formatRs(unitPrice(p))}
          </p>
        )}
      </td>
      <td role="cell" className={`${cell} sm:w-28`}>
        <span aria-hidden="true" className={phoneLabel}>
          Pairs in stock
        </span>
        <InlineNumber
          label={`Stock of ${p.title}`}
          value={p.stock ?? 0}
          onSave={(stock) => save({ stock })}
        />
      </td>
    </tr>
  );
}

/**
 * The products as a table: a row each, price and pairs in stock edited in place (saved on
 * leaving the field; a refusal puts the old figure back and says why), drafts marked with their
 * Publish button.
 */
export function ProductsTable(props: {
  products: Product[];
  chosen: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  fetching: boolean;
}) {
  const { products, chosen, onSelect, fetching } = props;
  return (
    <table
      role="table"
      aria-label="Products"
      className={`w-full table-fixed border-collapse max-sm:block overflow-hidden rounded-card border border-line bg-card text-left shadow-sm transition-opacity ${fetching ? 'opacity-60' : ''}`}
    >
      <thead className="bg-paper text-xs font-semibold text-muted max-sm:hidden">
        <tr role="row">
          <th role="columnheader" scope="col" className="px-2 py-2">
            Product
          </th>
          <th role="columnheader" scope="col" className="w-36 px-2 py-2 text-right">
            Price
          </th>
          <th role="columnheader" scope="col" className="w-28 px-2 py-2 text-right">
            Stock
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {products.map((p) => (
          <Row
            key={p.$id}
            product={p}
            selected={chosen.has(p.$id)}
            onSelect={(on) => onSelect(p.$id, on)}
          />
        ))}
      </tbody>
    </table>
  );
}
