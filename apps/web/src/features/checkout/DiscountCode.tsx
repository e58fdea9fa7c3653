import {
  CODE_MESSAGES,
  isDiscountCode,
  normalizeDiscountCode,
  WELCOME_PERCENT,
} from '@courtside/shop';
import { useId, useState } from 'react';

/**
 * The welcome code box: the code from the subscribe e-mail, applied to the summary at once
 * (10% off the pairs) and checked by the server when the order is placed; a refusal comes back
 * here as `error` and the discount is taken off again.
 */
export function DiscountCode({
  applied,
  error,
  onChange,
}: {
  applied: string | null;
  error: string | null;
  onChange: (code: string | null) => void;
}) {
  const [text, setText] = useState('');
  const [mistake, setMistake] = useState<string | null>(null);
  const id = useId();
  const message = mistake ?? error;
  const apply = () => {
    const code = normalizeDiscountCode(text);
    if (!isDiscountCode(code))
      return setMistake(code ? CODE_MESSAGES.malformed : 'Type your code first');
    setMistake(null);
    onChange(code);
  };
  if (applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-900 ring-1 ring-emerald-200">
        <p className="min-w-0">
          <span className="font-mono font-semibold">{applied}</span>: {WELCOME_PERCENT}% off your
          pairs
        </p>
        <button
          type="button"
          onClick={() => onChange(null)}
          className="min-h-11 shrink-0 px-2 font-semibold underline"
        >
          Remove
        </button>
      </div>
    );
  }
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        Discount code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies the code; it must not place the order.
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          placeholder="CS10-…"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-message`}
          className={`min-h-11 min-w-0 flex-1 rounded-xl border bg-white px-3.5 font-mono text-base uppercase text-ink shadow-sm outline-none placeholder:font-sans placeholder:normal-case placeholder:text-muted ${message ? 'border-danger' : 'border-line focus:border-ink'}`}
        />
        <button
          type="button"
          onClick={apply}
          className="min-h-11 shrink-0 rounded-xl px-4 text-sm font-semibold text-ink ring-1 ring-line hover:bg-slate-50"
        >
          Apply
        </button>
      </div>
      <p
        id={`${id}-message`}
        role={message ? 'alert' : undefined}
        className={`mt-1 text-xs ${message ? 'text-danger' : 'text-muted'}`}
      >
        {message ?? `Subscribed? Your ${WELCOME_PERCENT}% code is in your e-mail.`}
      </p>
    </div>
  );
}
