import {
  CODE_MESSAGES,
  isCodeName,
  normalizeDiscountCode,
  offerLabel,
  offerRefusal,
  offerScope,
  WELCOME_PERCENT,
  type CartLine,
} from '@courtside/shop';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../lib/errors';
import { useCheckCodeMutation, type CheckedCode } from './code-check-api';

/**
 * The code box: a welcome code from the subscribe e-mail or one of the owner's codes, checked by
 * the server when Apply is pressed (and against the cart: the pairs it is for, its minimum) and
 * only then taken off the summary; a refusal is said here and nothing is deducted.
 * The order's own check has the last word: a refusal at Place Order comes back as `error`, the
 * discount is taken off, and the box is scrolled to and focused so the buyer sees why the total
 * changed.
 */
export function DiscountCode({
  applied,
  error,
  lines,
  onChange,
}: {
  lines: readonly CartLine[];
  applied: CheckedCode | null;
  error: string | null;
  onChange: (code: CheckedCode | null) => void;
}) {
  const [text, setText] = useState('');
  const [mistake, setMistake] = useState<string | null>(null);
  const [checkCode, { isLoading }] = useCheckCodeMutation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const message = mistake ?? error;
  useEffect(() => {
    if (!error || !input.current) return;
    input.current.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    input.current.focus({ preventScroll: true });
  }, [error]);
  const apply = async () => {
    const code = normalizeDiscountCode(text);
    if (!isCodeName(code))
      return setMistake(code ? CODE_MESSAGES.malformed : 'Type your code first');
    setMistake(null);
    const answer = await checkCode(code);
    if ('error' in answer) return setMistake(errorText(answer.error));
    const refusal = offerRefusal(answer.data, lines);
    if (refusal) return setMistake(refusal);
    onChange(answer.data);
  };
  if (applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-900 ring-1 ring-emerald-200">
        <p className="min-w-0">
          <span className="font-mono font-semibold">{applied.code}</span>: {offerLabel(applied)}{' '}
          {offerScope(applied) === 'every pair' ? 'your pairs' : offerScope(applied)}
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
          ref={input}
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies the code; it must not place the order.
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          placeholder="e.g. EID15"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-message`}
          className={`min-h-11 min-w-0 flex-1 rounded-xl border bg-white px-3.5 font-mono text-base uppercase text-ink shadow-sm outline-none placeholder:font-sans placeholder:normal-case placeholder:text-muted ${message ? 'border-danger' : 'border-line focus:border-ink'}`}
        />
        <button
          type="button"
          onClick={() => void apply()}
          disabled={isLoading}
          className="min-h-11 shrink-0 rounded-xl px-4 text-sm font-semibold text-ink ring-1 ring-line hover:bg-slate-50 disabled:opacity-60"
        >
          {isLoading ? 'Checking…' : 'Apply'}
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
