import type { ProductsLayout } from './product-filters';

const LAYOUTS: { value: ProductsLayout; label: string }[] = [
  { value: 'cards', label: 'Cards' },
  { value: 'table', label: 'Table' },
];

/** Cards with the photos, or a table to edit prices and stock in place. */
export function LayoutSwitch(props: {
  value: ProductsLayout;
  onChange: (value: ProductsLayout) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Show products as"
      className="flex gap-1 rounded-full bg-paper p-1 ring-1 ring-line"
    >
      {LAYOUTS.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={props.value === value}
          onClick={() => props.onChange(value)}
          className={`min-h-9 rounded-full px-4 text-sm font-semibold ${props.value === value ? 'bg-ink text-white' : 'text-ink-soft hover:bg-white'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
