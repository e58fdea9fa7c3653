import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  HOLD_SETTINGS,
  holdSettingMessage,
  isHoldSetting,
  type HoldSetting,
  type ShopSettings,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { useSaveShopSettingsMutation, useShopSettingsQuery } from '../settings/settings-api';

const KEYS = Object.keys(HOLD_SETTINGS) as HoldSetting[];
type Texts = Record<HoldSetting, string>;
const textsOf = (s: ShopSettings | undefined): Texts =>
  Object.fromEntries(KEYS.map((k) => [k, s?.[k] == null ? '' : String(s[k])])) as Texts;

/**
 * The limits against hoarding (docs/limits.md, "Unconfirmed pairs"): the pairs one account, one
 * phone number and one client address may hold in orders the shop has not confirmed, and the
 * hours such an order holds them. A field left empty keeps the server's starting value.
 */
export function HoldLimitsSetting() {
  const settings = useShopSettingsQuery();
  if (!settings.data) return null;
  return <HoldLimitsForm saved={settings.data} />;
}

function HoldLimitsForm({ saved }: { saved: ShopSettings }) {
  const id = useId();
  const [texts, setTexts] = useState(() => textsOf(saved));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const unchanged = KEYS.every((k) => texts[k].trim() === textsOf(saved)[k]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<ShopSettings> = {};
    for (const key of KEYS) {
      const text = texts[key].trim();
      if (text === '') continue;
      const value = Number(text);
      if (!isHoldSetting(key, value)) return setError(holdSettingMessage(key));
      next[key] = value;
    }
    setError(null);
    try {
      await save(next).unwrap();
      toast.success('Hold limits saved');
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Hold limits"
      className="mt-4 rounded-card border border-line bg-card p-3 text-sm shadow-sm"
    >
      <h2 className="font-bold">Unconfirmed orders may hold</h2>
      <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {KEYS.map((key) => (
          <label key={key} htmlFor={`${id}-${key}`} className="flex flex-col gap-1 text-ink-soft">
            {HOLD_SETTINGS[key].label}
            <input
              id={`${id}-${key}`}
              type="number"
              inputMode="numeric"
              min={HOLD_SETTINGS[key].min}
              max={HOLD_SETTINGS[key].max}
              step={1}
              placeholder="Server's value"
              value={texts[key]}
              onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="h-10 w-full rounded-lg border border-line bg-white px-3 text-base tabular-nums"
            />
          </label>
        ))}
      </div>
      <Button
        type="submit"
        variant="ghost"
        loading={isLoading}
        disabled={unchanged}
        className="mt-2 min-h-10 px-5"
      >
        Save limits
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
