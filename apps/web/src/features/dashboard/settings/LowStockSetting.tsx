import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { isLowStock, LOW_STOCK_MESSAGE } from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { useSaveShopSettingsMutation } from './settings-api';

const pairs = (n: number) => `${n} ${n === 1 ? 'pair' : 'pairs'}`;

/**
 * What "low stock" means for this shop: in stock with this many pairs or fewer (1 until the owner
 * saves another: pre-loved pairs are mostly one-offs). A shop setting, the same for every admin.
 */
export function LowStockSetting({ value }: { value: number }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = Number(text.trim());
    if (text.trim() === '' || !isLowStock(next)) return setError(LOW_STOCK_MESSAGE);
    setError(null);
    try {
      await save({ low_stock: next }).unwrap();
      toast.success(`Low stock now means ${pairs(next)} left or fewer`);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="rounded-card border border-line bg-card p-3 text-sm shadow-sm lg:w-fit"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label htmlFor={id} className="w-full text-ink-soft sm:w-auto">
          Low stock: products in stock with this many pairs left or fewer
        </label>
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="h-10 w-24 rounded-lg border border-line bg-white px-3 text-base tabular-nums"
          />
          <Button
            type="submit"
            variant="ghost"
            loading={isLoading}
            disabled={text.trim() === String(value)}
            className="min-h-10 px-5"
          >
            Save
          </Button>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
