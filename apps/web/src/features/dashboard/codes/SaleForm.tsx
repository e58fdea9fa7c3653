import { formatRs, pakistanInputToIso, saleError, salePriceOf } from '@courtside/shop';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { errorText } from '../../../lib/errors';
import { ProductPicker, type Picked } from './ProductPicker';
import { useStartSaleMutation } from './sales-api';

/**
 * A new automatic sale: the products, a percentage off and the dates (Pakistan time). Each pair
 * shows its sale price before the owner confirms; the shop shows it struck through only while
 * the sale runs.
 */
export function SaleForm() {
  const [products, setProducts] = useState<Picked[]>([]);
  const [percent, setPercent] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [startSale, { isLoading }] = useStartSaleMutation();
  const off = percent.trim() === '' ? null : Number(percent);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sale = {
      percent: off,
      products: products.length,
      from: from ? pakistanInputToIso(from) : null,
      until: until ? pakistanInputToIso(until) : null,
    };
    const error = saleError(sale);
    if (error) return setMessage({ text: error, ok: false });
    const answer = await startSale({
      products,
      percent: off!,
      from: sale.from!,
      until: sale.until!,
    });
    if ('error' in answer) return setMessage({ text: errorText(answer.error), ok: false });
    setMessage({
      text: `Sale saved on ${answer.data} pair${answer.data === 1 ? '' : 's'}`,
      ok: true,
    });
    setProducts([]);
    setPercent('');
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="new-sale-heading"
      className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-5"
    >
      <h2 id="new-sale-heading" className="text-lg font-bold">
        New sale
      </h2>
      <p className="mt-1 text-sm text-muted">
        A sale price on chosen pairs for a date range: struck through in the shop only while it
        runs. When it ends, each pair’s own discount price comes back.
      </p>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ProductPicker picked={products} onChange={setProducts} note="(the pairs on sale)" />
        <TextField
          label="Sale percentage off"
          inputMode="numeric"
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
          hint="1 to 99"
          className="sm:col-span-2"
        />
        {products.length > 0 && off !== null && off >= 1 && off <= 99 && (
          <ul className="text-sm text-ink-soft sm:col-span-2" aria-label="Sale prices">
            {products.map((p) => (
              <li key={p.$id} className="flex justify-between gap-3 py-0.5">
                <span className="min-w-0 truncate">{p.title}</span>
                <span className="shrink-0 tabular-nums">
                  <s className="text-muted">{formatRs(p.price)}</s>{' '}
                  {formatRs(salePriceOf(p.price, off))}
                </span>
              </li>
            ))}
          </ul>
        )}
        <TextField
          label="Sale starts"
          type="datetime-local"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          hint="Pakistan time"
        />
        <TextField
          label="Sale ends"
          type="datetime-local"
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          hint="Pakistan time"
        />
      </div>
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`mt-4 text-sm ${message.ok ? 'font-medium text-green-700' : 'text-danger'}`}
        >
          {message.text}
        </p>
      )}
      <Button type="submit" loading={isLoading} className="mt-4 w-full sm:w-auto">
        Save sale
      </Button>
    </form>
  );
}
