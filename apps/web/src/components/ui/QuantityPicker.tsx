interface QuantityPickerProps {
  value: number;
  onChange: (next: number) => void;
  /** The largest allowed value (stock, D16); Infinity when unbounded. */
  max?: number;
  label: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

/** − value + ; never below 1, never above the stock. */
export function QuantityPicker({
  value,
  onChange,
  max = Infinity,
  label,
  disabled,
  size = 'md',
}: QuantityPickerProps) {
  const box = size === 'sm' ? 'size-9' : 'size-11';
  const btn = `grid ${box} place-items-center text-lg font-semibold disabled:cursor-not-allowed disabled:text-slate-300`;
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex items-center rounded-full border border-line bg-white"
    >
      <button
        type="button"
        className={btn}
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output
        aria-live="polite"
        aria-label="Quantity"
        className="min-w-8 text-center font-semibold tabular-nums"
      >
        {value}
      </output>
      <button
        type="button"
        className={btn}
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
