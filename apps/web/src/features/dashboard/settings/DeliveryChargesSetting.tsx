import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  CHARGE_SETTINGS,
  chargeSettingMessage,
  isChargeSetting,
  type ChargeSetting,
  type ShopSettings,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { useSaveShopSettingsMutation, useShopSettingsQuery } from './settings-api';

const KEYS = Object.keys(CHARGE_SETTINGS) as ChargeSetting[];
type Texts = Record<ChargeSetting, string>;
const textsOf = (s: ShopSettings): Texts =>
  Object.fromEntries(KEYS.map((k) => [k, String(s[k])])) as Texts;

/**
 * What delivery costs the buyer: the charge, and the pairs' subtotal from which it is free. The
 * product page, the cart and checkout say them, and the server prices every new order with them.
 */
export function DeliveryChargesSetting() {
  const settings = useShopSettingsQuery();
  if (!settings.data) return null;
  return <DeliveryChargesForm saved={settings.data} />;
}

function DeliveryChargesForm({ saved }: { saved: ShopSettings }) {
  const id = useId();
  const [texts, setTexts] = useState(() => textsOf(saved));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const unchanged = KEYS.every((k) => texts[k].trim() === textsOf(saved)[k]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<ShopSettings> = {};
    for (const key of KEYS) {
      const value = Number(texts[key].trim().replace(/,/g, ''));
      if (texts[key].trim() === '' || !isChargeSetting(key, value)) {
        return setError(chargeSettingMessage(key));
      }
      next[key] = value;
    }
    setError(null);
    try {
      await save(next).unwrap();
      toast.success('Delivery charges saved');
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Delivery charges"
      className="mt-4 rounded-card border border-line bg-card p-3 text-sm shadow-sm"
    >
      <h2 className="font-bold">Delivery charges</h2>
      <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {KEYS.map((key) => (
          <label key={key} htmlFor={`${id}-${key}`} className="flex flex-col gap-1 text-ink-soft">
            {CHARGE_SETTINGS[key].label}
            <input
              id={`${id}-${key}`}
              type="number"
              inputMode="numeric"
              min={CHARGE_SETTINGS[key].min}
              max={CHARGE_SETTINGS[key].max}
              step={1}
              value={texts[key]}
              onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              className="h-10 w-full rounded-lg border border-line bg-white px-3 text-base tabular-nums"
            />
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        A charge of 0 makes delivery always free. The COD fee is added on top for cash on delivery.
      </p>
      <Button
        type="submit"
        variant="ghost"
        loading={isLoading}
        disabled={unchanged}
        className="mt-2 min-h-10 px-5"
      >
        Save charges
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
