import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  ACCOUNT_LIMITS,
  accountError,
  cleanAccount,
  formatIban,
  IBAN_EXAMPLE,
  type PaymentAccount,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { errorText } from '../../../lib/errors';
import { useSaveShopSettingsMutation } from './settings-api';

const EMPTY: PaymentAccount = { payee: '', bank: '', number: '', iban: '' };

const shown = (list: readonly PaymentAccount[]) =>
  list.map((a) => ({ ...a, iban: a.iban ? formatIban(a.iban) : '' }));

/**
 * The bank and wallet accounts buyers pay a transfer to (checkout, the thanks page, the order
 * e-mail, the WhatsApp message): any number of them, each with its bank or wallet, number, the
 * name it is in and, for a bank, the IBAN. Saved all together; a wrong row says which and why.
 */
export function PaymentAccountsForm({ stored }: { stored: readonly PaymentAccount[] }) {
  const [rows, setRows] = useState(() => shown(stored));
  const [error, setError] = useState<{ row: number | null; text: string } | null>(null);
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const unchanged = JSON.stringify(rows.map(cleanAccount)) === JSON.stringify(stored);

  const change = (i: number, key: keyof PaymentAccount, value: string) =>
    setRows((list) => list.map((a, j) => (j === i ? { ...a, [key]: value } : a)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    for (const [i, a] of rows.entries()) {
      const wrong = accountError(a, i + 1);
      if (wrong) return setError({ row: i, text: wrong });
    }
    setError(null);
    try {
      const saved = await save({ accounts: JSON.stringify(rows.map(cleanAccount)) }).unwrap();
      setRows(shown(saved.accounts));
      toast.success('Payment accounts saved');
    } catch (err) {
      setError({ row: null, text: errorText(err) });
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Payment accounts"
      className="rounded-card border border-line bg-card p-4 shadow-sm"
    >
      <h2 className="text-lg font-bold">Bank and wallet accounts</h2>
      <p className="mt-1 text-sm text-muted">
        Buyers who pay by transfer see these at checkout, on the thanks page and in their order
        e-mail.
      </p>
      {rows.length === 0 && (
        <p className="mt-3 rounded-xl bg-paper p-3 text-sm text-ink-soft">
          No accounts: buyers can only pay cash on delivery until you add one.
        </p>
      )}
      <ol className="mt-3 space-y-3">
        {rows.map((a, i) => (
          <AccountFields
            key={i}
            account={a}
            n={i + 1}
            wrong={error?.row === i}
            onChange={(key, value) => change(i, key, value)}
            onUp={() => setRows((list) => swap(list, i, i - 1))}
            onRemove={() => setRows((list) => list.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="ghost"
          className="min-h-11 px-5"
          disabled={rows.length >= ACCOUNT_LIMITS.count}
          onClick={() => setRows((list) => [...list, EMPTY])}
        >
          Add account
        </Button>
        <Button type="submit" loading={isLoading} disabled={unchanged} className="min-h-11 px-6">
          Save accounts
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error.text}
        </p>
      )}
    </form>
  );
}

/** One account's fields, with its Move up and Remove buttons. */
function AccountFields({
  account: a,
  n,
  wrong,
  onChange,
  onUp,
  onRemove,
}: {
  account: PaymentAccount;
  n: number;
  wrong: boolean;
  onChange: (key: keyof PaymentAccount, value: string) => void;
  onUp: () => void;
  onRemove: () => void;
}) {
  return (
    <li
      aria-label={`Account ${n}`}
      className={`rounded-xl border p-3 ${wrong ? 'border-danger' : 'border-line'}`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Bank or wallet"
          value={a.bank}
          maxLength={ACCOUNT_LIMITS.bank}
          placeholder="Bank or wallet name"
          onChange={(e) => onChange('bank', e.target.value)}
        />
        <TextField
          label="Account number"
          value={a.number}
          maxLength={ACCOUNT_LIMITS.number}
          inputMode="numeric"
          onChange={(e) => onChange('number', e.target.value)}
        />
        <TextField
          label="Account title"
          value={a.payee}
          maxLength={ACCOUNT_LIMITS.payee}
          hint="The name the account is in, as the buyer's bank shows it."
          onChange={(e) => onChange('payee', e.target.value)}
        />
        <TextField
          label="IBAN (optional)"
          value={a.iban}
          maxLength={34}
          placeholder={IBAN_EXAMPLE}
          onChange={(e) => onChange('iban', e.target.value)}
        />
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="ghost"
          className="min-h-9 px-3 text-sm"
          disabled={n === 1}
          onClick={onUp}
          aria-label={`Move account ${n} up`}
        >
          Move up
        </Button>
        <Button
          type="button"
          variant="ghost"
          className="min-h-9 px-3 text-sm text-danger"
          onClick={onRemove}
          aria-label={`Remove account ${n}`}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

function swap<T>(list: readonly T[], a: number, b: number): T[] {
  const next = [...list];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}
