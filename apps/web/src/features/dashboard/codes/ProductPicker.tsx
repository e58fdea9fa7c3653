import type { Product } from '@courtside/shop';
import { useId, useState } from 'react';
import { useSearchProductsQuery } from '../../../entities/product/products-api';

/**
 * A product a code or sale is for: its id, its title to show, its full price, and its discount
 * price and sale window (a sale keeps the pair's own discount to give it back).
 */
export type Picked = Pick<
  Product,
  '$id' | 'title' | 'price' | 'disc_price' | 'sale_from' | 'sale_until' | 'regular_disc_price'
>;

/**
 * The products a code or a sale is for: found by title (the shop's search), added with a tap,
 * listed with a Remove each.
 */
export function ProductPicker({
  picked,
  onChange,
  note = '(none chosen: every pair)',
}: {
  picked: Picked[];
  onChange: (next: Picked[]) => void;
  /** Beside the label: what choosing none means. */
  note?: string;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const typed = text.trim();
  const { data: found = [] } = useSearchProductsQuery(typed, { skip: typed.length < 2 });
  const offered = found.filter((p) => !picked.some((x) => x.$id === p.$id));
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        Products <span className="font-normal text-muted">{note}</span>
      </label>
      {picked.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen pairs">
          {picked.map((p) => (
            <li
              key={p.$id}
              className="flex max-w-full items-center gap-1 rounded-full bg-paper py-1 pr-1 pl-3 text-sm ring-1 ring-line"
            >
              <span className="truncate">{p.title}</span>
              <button
                type="button"
                onClick={() => onChange(picked.filter((x) => x.$id !== p.$id))}
                aria-label={`Remove ${p.title}`}
                className="grid size-8 shrink-0 place-items-center rounded-full hover:bg-white"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search products by name"
        className="min-h-11 rounded-xl border border-line bg-white px-3.5 text-base shadow-sm outline-none focus:border-ink"
      />
      {offered.length > 0 && (
        <ul className="divide-y divide-line rounded-xl ring-1 ring-line">
          {offered.map((p) => (
            <li key={p.$id}>
              <button
                type="button"
                onClick={() => {
                  onChange([...picked, p]);
                  setText('');
                }}
                className="flex min-h-11 w-full items-center justify-between gap-3 px-3.5 text-left text-sm hover:bg-paper"
              >
                <span className="min-w-0 truncate">{p.title}</span>
                <span className="shrink-0 font-semibold text-court">Add</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
