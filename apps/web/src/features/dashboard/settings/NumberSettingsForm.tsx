import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import {
  isWithin,
  settingRangeMessage,
  type NumberSetting,
  type ShopSettings,
  type StoredSettings,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { useSaveShopSettingsMutation, useShopSettingsQuery } from './settings-api';

export interface NumberSettingsProps<K extends keyof ShopSettings> {
  /** The form's name for screen readers ("Hold limits"). */
  name: string;
  title: string;
  specs: Readonly<Record<K, NumberSetting>>;
  /** Set: a field may be left empty, which keeps the server's starting value (this placeholder). */
  emptyKeeps?: string;
  hint?: string;
  save: string;
  saved: string;
  /** Shown under the title, before the numbers (a setting of another kind, saved on its own). */
  children?: ReactNode;
}

/**
 * Several whole-number shop settings in one small form (the hold limits, the charges): each
 * checked against its range before it is sent, one message for the first that is not, Save
 * enabled once something changed. Shows nothing until the settings are read.
 */
export function NumberSettingsForm<K extends keyof ShopSettings>(props: NumberSettingsProps<K>) {
  const settings = useShopSettingsQuery();
  if (!settings.data) return null;
  return <Fields {...props} stored={settings.data} />;
}

function Fields<K extends keyof ShopSettings>({
  stored,
  ...p
}: NumberSettingsProps<K> & { stored: ShopSettings }) {
  const id = useId();
  const keys = Object.keys(p.specs) as K[];
  const textsOf = () =>
    Object.fromEntries(keys.map((k) => [k, stored[k] == null ? '' : String(stored[k])])) as Record<
      K,
      string
    >;
  const [texts, setTexts] = useState(textsOf);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const unchanged = keys.every((k) => texts[k].trim() === textsOf()[k]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: StoredSettings = {};
    for (const key of keys) {
      const text = texts[key].trim().replace(/,/g, '');
      if (text === '' && p.emptyKeeps) continue;
      const value = Number(text);
      const spec = p.specs[key];
      if (text === '' || !isWithin(spec, value)) return setError(settingRangeMessage(spec));
      Object.assign(next, { [key]: value });
    }
    setError(null);
    try {
      await save(next).unwrap();
      toast.success(p.saved);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const described = [error && `${id}-error`, p.hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={p.name}
      className="rounded-card border border-line bg-card p-4 text-sm shadow-sm"
    >
      <h2 className="text-lg font-bold">{p.title}</h2>
      {p.children && <div className="mt-2 mb-3">{p.children}</div>}
      <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {keys.map((key) => (
          <label key={key} htmlFor={`${id}-${key}`} className="flex flex-col gap-1 text-ink-soft">
            {p.specs[key].label}
            <input
              id={`${id}-${key}`}
              type="number"
              inputMode="numeric"
              min={p.specs[key].min}
              max={p.specs[key].max}
              step={1}
              placeholder={p.emptyKeeps}
              value={texts[key]}
              onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
              className="h-10 w-full rounded-lg border border-line bg-white px-3 text-base tabular-nums"
            />
          </label>
        ))}
      </div>
      {p.hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {p.hint}
        </p>
      )}
      <Button
        type="submit"
        variant="ghost"
        loading={isLoading}
        disabled={unchanged}
        className="mt-2 min-h-10 px-5"
      >
        {p.save}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
