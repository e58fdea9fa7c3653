import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  EXCHANGE_DAYS,
  formatPakistaniMobile,
  isWithin,
  settingRangeMessage,
  TEXT_FACT_KEYS,
  TEXT_FACTS,
  textFactError,
  type ShopSettings,
  type StoredSettings,
  type TextFact,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { errorText } from '../../../lib/errors';
import { useSaveShopSettingsMutation } from './settings-api';

type Texts = Record<TextFact | 'exchange_days', string>;

const HINTS: Partial<Record<TextFact, string>> = {
  phone: 'Printed in the footer, on invoices and on the contact page.',
  whatsapp: 'Every "Chat on WhatsApp" button opens a chat with this number.',
  address: 'Your city, as the footer and e-mails sign it: "Lahore, Pakistan".',
  instagram: 'Leave a link empty to hide that icon.',
};

const INPUT: Partial<Record<TextFact, { type: string; inputMode?: 'tel' | 'email' | 'url' }>> = {
  phone: { type: 'tel', inputMode: 'tel' },
  whatsapp: { type: 'tel', inputMode: 'tel' },
  email: { type: 'email', inputMode: 'email' },
  instagram: { type: 'url', inputMode: 'url' },
  facebook: { type: 'url', inputMode: 'url' },
  tiktok: { type: 'url', inputMode: 'url' },
};

const textsOf = (s: ShopSettings): Texts => {
  const texts = { exchange_days: String(s.exchange_days) } as Texts;
  for (const key of TEXT_FACT_KEYS) {
    texts[key] = key === 'phone' || key === 'whatsapp' ? formatPakistaniMobile(s[key]) : s[key];
  }
  return texts;
};

/** The changed fields' values to save, and what is wrong with any of them. */
function checked(changed: readonly (keyof Texts)[], texts: Texts) {
  const found: Partial<Texts> = {};
  const patch: StoredSettings = {};
  for (const key of changed) {
    if (key === 'exchange_days') {
      const days = Number(texts.exchange_days.trim());
      if (!isWithin(EXCHANGE_DAYS, days)) found.exchange_days = settingRangeMessage(EXCHANGE_DAYS);
      else patch.exchange_days = days;
      continue;
    }
    const error = textFactError(key, texts[key]);
    if (error) found[key] = error;
    else patch[key] = texts[key].trim();
  }
  return { found, patch };
}

function Description(p: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <label className="mt-4 flex flex-col gap-1.5 text-sm font-medium text-ink-soft">
      {TEXT_FACTS.description.label}
      <textarea
        name="description"
        rows={3}
        maxLength={TEXT_FACTS.description.max}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        className="rounded-xl border border-line bg-white px-3.5 py-2 text-base text-ink shadow-sm"
      />
      {p.error && <span className="text-xs text-danger">{p.error}</span>}
    </label>
  );
}

/**
 * The shop's details as customers see them on every page, e-mail, text message and invoice: its
 * name, tagline, description, numbers, e-mail, address, social links and the days a size
 * exchange is open. Each field says what is wrong with it; the server checks them again and
 * saves all of them or none.
 */
export function ShopDetailsForm({ stored }: { stored: ShopSettings }) {
  const [texts, setTexts] = useState(() => textsOf(stored));
  const [errors, setErrors] = useState<Partial<Texts>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const start = textsOf(stored);
  const changed = (Object.keys(texts) as (keyof Texts)[]).filter(
    (k) => texts[k].trim() !== start[k],
  );

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { found, patch } = checked(changed, texts);
    setErrors(found);
    setFailure(null);
    const first = Object.keys(found)[0];
    if (first) {
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      setTexts(textsOf(await save(patch).unwrap()));
      toast.success('Shop details saved: every page shows them now');
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const field = (key: TextFact) => (
    <TextField
      key={key}
      name={key}
      label={TEXT_FACTS[key].label}
      value={texts[key]}
      maxLength={TEXT_FACTS[key].max}
      onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
      error={errors[key]}
      hint={HINTS[key]}
      {...INPUT[key]}
    />
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Shop details"
      className="rounded-card border border-line bg-card p-4 shadow-sm"
    >
      <h2 className="text-lg font-bold">Shop details</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {field('name')}
        {field('tagline')}
      </div>
      <Description
        value={texts.description}
        error={errors.description}
        onChange={(description) => setTexts((t) => ({ ...t, description }))}
      />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {field('phone')}
        {field('whatsapp')}
        {field('email')}
        {field('address')}
        {field('instagram')}
        {field('facebook')}
        {field('tiktok')}
        <TextField
          name="exchange_days"
          label={EXCHANGE_DAYS.label}
          type="number"
          inputMode="numeric"
          min={EXCHANGE_DAYS.min}
          max={EXCHANGE_DAYS.max}
          value={texts.exchange_days}
          onChange={(e) => setTexts((t) => ({ ...t, exchange_days: e.target.value }))}
          error={errors.exchange_days}
          hint="Days after delivery a pair that does not fit can be exchanged."
        />
      </div>
      <Button
        type="submit"
        loading={isLoading}
        disabled={changed.length === 0}
        className="mt-4 min-h-11 px-6"
      >
        Save shop details
      </Button>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {failure}
        </p>
      )}
    </form>
  );
}
