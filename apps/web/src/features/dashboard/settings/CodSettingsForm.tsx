import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  CHARGE_SETTINGS,
  cityKey,
  cleanCityName,
  COD_CITIES_LIMITS,
  COD_MAX_SETTING,
  codSettingError,
  isWithin,
  PK_CITIES,
  settingRangeMessage,
  type ShopSettings,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { useSaveShopSettingsMutation, useShopSettingsQuery } from './settings-api';

/**
 * Cash on delivery (cod-rules.ts): its fee, the largest order it is offered for, the cities it is
 * offered in (picked from Pakistan's cities or typed; none: every city), and whether risky numbers
 * must pay in advance. Checkout greys COD out with the reason, and the server refuses a COD order
 * that breaks a rule.
 */
export function CodSettingsForm() {
  const settings = useShopSettingsQuery();
  if (!settings.data) return null;
  return <Fields stored={settings.data} />;
}

const amountText = (n: number) => String(n);

const INPUT = 'h-10 w-full rounded-lg border border-line bg-white px-3 text-base';

function Fields({ stored }: { stored: ShopSettings }) {
  const [fee, setFee] = useState(amountText(stored.cod_fee));
  const [max, setMax] = useState(amountText(stored.cod_max_value));
  const [cities, setCities] = useState<string[]>(stored.cod_cities);
  const [advance, setAdvance] = useState(stored.advance_for_risky);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const unchanged =
    fee.trim() === amountText(stored.cod_fee) &&
    max.trim() === amountText(stored.cod_max_value) &&
    advance === stored.advance_for_risky &&
    JSON.stringify(cities) === JSON.stringify(stored.cod_cities);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const feeValue = Number(fee.trim().replace(/,/g, ''));
    const maxValue = Number(max.trim().replace(/,/g, ''));
    if (fee.trim() === '' || !isWithin(CHARGE_SETTINGS.cod_fee, feeValue)) {
      return setError(settingRangeMessage(CHARGE_SETTINGS.cod_fee));
    }
    if (max.trim() === '' || !isWithin(COD_MAX_SETTING, maxValue)) {
      return setError(settingRangeMessage(COD_MAX_SETTING));
    }
    const list = JSON.stringify(cities);
    const wrong = codSettingError('cod_cities', list);
    if (wrong) return setError(wrong);
    setError(null);
    try {
      await save({
        cod_fee: feeValue,
        cod_max_value: maxValue,
        cod_cities: list,
        advance_for_risky: advance,
      }).unwrap();
      toast.success('Cash on delivery saved');
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Cash on delivery"
      className="rounded-card border border-line bg-card p-4 text-sm shadow-sm"
    >
      <h2 className="text-lg font-bold">Cash on delivery</h2>
      <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <AmountField label={CHARGE_SETTINGS.cod_fee.label} value={fee} onChange={setFee} />
        <AmountField
          label={COD_MAX_SETTING.label}
          value={max}
          onChange={setMax}
          hint="0: no limit. The total with delivery and the fee counts."
        />
      </div>
      <CitiesField cities={cities} onChange={setCities} onError={setError} />
      <label className="mt-3 flex cursor-pointer items-start gap-2 text-ink-soft">
        <input
          type="checkbox"
          checked={advance}
          onChange={(e) => setAdvance(e.target.checked)}
          className="mt-0.5 size-4 accent-court"
        />
        <span>
          Risky numbers pay in advance
          <span className="block text-xs text-muted">
            Blocked numbers always pay in advance, whatever this says.
          </span>
        </span>
      </label>
      <Button
        type="submit"
        variant="ghost"
        loading={isLoading}
        disabled={unchanged}
        className="mt-3 min-h-10 px-5"
      >
        Save cash on delivery
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

function AmountField(p: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-ink-soft">
      {p.label}
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        aria-describedby={p.hint ? `${id}-hint` : undefined}
        className={`${INPUT} tabular-nums`}
      />
      {p.hint && (
        <span id={`${id}-hint`} className="text-xs text-muted">
          {p.hint}
        </span>
      )}
    </label>
  );
}

/** The cities COD is offered in: picked from Pakistan's cities as the owner types, or typed. */
function CitiesField({
  cities,
  onChange,
  onError,
}: {
  cities: string[];
  onChange: (cities: string[]) => void;
  onError: (message: string) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const setCities = onChange;
  const setError = onError;
  const addCity = () => {
    const name = cleanCityName(typed);
    if (!cityKey(name)) return;
    setTyped('');
    if (cities.some((c) => cityKey(c) === cityKey(name))) return;
    if (cities.length >= COD_CITIES_LIMITS.count) {
      return setError(`List at most ${COD_CITIES_LIMITS.count} cities for cash on delivery`);
    }
    setCities([...cities, name]);
  };
  return (
    <fieldset className="mt-3">
      <legend className="text-ink-soft">Cities where cash on delivery is offered</legend>
      <p className="text-xs text-muted">
        {cities.length === 0
          ? 'Every city: add cities to offer it only there.'
          : 'Only these cities; buyers elsewhere pay in advance.'}
      </p>
      {cities.length > 0 && (
        <ul aria-label="Cities for cash on delivery" className="mt-2 flex flex-wrap gap-2">
          {cities.map((c) => (
            <li
              key={c}
              className="inline-flex items-center gap-1 rounded-full bg-paper py-1 pr-1 pl-3 ring-1 ring-line"
            >
              {c}
              <button
                type="button"
                aria-label={`Remove ${c}`}
                onClick={() => setCities(cities.filter((x) => x !== c))}
                className="inline-flex size-7 items-center justify-center rounded-full text-muted hover:bg-white hover:text-danger"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex max-w-md gap-2">
        <input
          aria-label="Add a city"
          list={`${id}-cities`}
          value={typed}
          maxLength={COD_CITIES_LIMITS.name}
          placeholder="Lahore"
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addCity();
            }
          }}
          className={`${INPUT} min-w-0 flex-1`}
        />
        <datalist id={`${id}-cities`}>
          {PK_CITIES.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Button type="button" variant="ghost" onClick={addCity} className="min-h-10 shrink-0 px-4">
          Add city
        </Button>
      </div>
    </fieldset>
  );
}
