import { formatIban } from '@courtside/shop';
import { useEffect, useRef, useState } from 'react';
import { useShopFacts } from '../../lib/shop-facts';

/** How long a Copy button says what it did. */
const SAID_MS = 2500;

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it, else the older
 * copy command on a selected field. False when neither did (the caller selects the number).
 */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused (no permission, an in-app browser): the older way next */
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  let done: boolean;
  try {
    done = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    done = false;
  }
  field.remove();
  return done;
}

/** One account number and its Copy button, which says Copied (or selects the number). */
export function AccountRow({
  label,
  number,
  name,
}: {
  label: string;
  number: string;
  name: string;
}) {
  const [said, setSaid] = useState<'copied' | 'selected' | null>(null);
  const shown = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), SAID_MS);
    return () => clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    if (await copyText(number.replace(/\s+/g, ''))) return setSaid('copied');
    // Nothing could copy: the number is selected, for the phone's own Copy.
    const range = document.createRange();
    if (shown.current) range.selectNodeContents(shown.current);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    setSaid('selected');
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <dt className="text-muted">{label}</dt>
      <dd className="flex items-center gap-2">
        <span ref={shown} className="font-semibold whitespace-nowrap tabular-nums">
          {number}
        </span>
        <button
          type="button"
          aria-label={`Copy ${name}`}
          onClick={() => void copy()}
          className="min-h-9 min-w-16 rounded-full bg-white px-3 text-xs font-semibold text-ink ring-1 ring-line hover:bg-slate-50"
        >
          <span aria-live="polite">
            {said === 'copied' ? 'Copied' : said === 'selected' ? 'Selected: press copy' : 'Copy'}
          </span>
        </button>
      </dd>
    </div>
  );
}

/**
 * The bank and wallet accounts of a bank transfer (docs/shop.md §9), as the owner set them: each
 * with its number (and IBAN) and a Copy button, and the name the account is in. On a narrow phone
 * a long number moves under its label instead of pushing the page wider.
 */
export function BankAccounts({ className = '' }: { className?: string }) {
  const { accounts } = useShopFacts();
  return (
    <ul className={`space-y-3 ${className}`} aria-label="Accounts">
      {accounts.map((a) => (
        <li key={`${a.bank} ${a.number}`}>
          <dl className="space-y-1">
            <AccountRow label={a.bank} number={a.number} name={`${a.bank} number`} />
            {a.iban && (
              <AccountRow label="IBAN" number={formatIban(a.iban)} name={`${a.bank} IBAN`} />
            )}
          </dl>
          <p className="text-xs text-muted">Account title: {a.payee}</p>
        </li>
      ))}
    </ul>
  );
}
