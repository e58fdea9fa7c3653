import {
  BRANDS,
  CODE_NAME_PATTERN,
  isDiscountCode,
  normalizeDiscountCode,
  OWNER_CODE_MESSAGES,
  ownerCodeError,
  pakistanInputToIso,
} from '@courtside/shop';
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { errorText } from '../../../lib/errors';
import { useCreateCodeMutation, type NewCode } from './codes-api';
import { ProductPicker, type Picked } from './ProductPicker';

/** A number field's value: null when empty, NaN when not a number (the rules say why). */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));

const EMPTY = {
  name: '',
  kind: 'percent' as 'percent' | 'amount',
  value: '',
  minOrder: '',
  starts: '',
  ends: '',
  maxUses: '',
  perCustomer: '',
  firstOrder: false,
};

/**
 * The owner's new code, as a Shopify admin would expect it: the name customers type, a
 * percentage or rupees off, an optional minimum, dates (Pakistan time), total uses and uses per
 * customer, first order only, and the brands or products it is for (none: every pair). Checked
 * by the shop's rules before it is sent; the server checks them again.
 */
export function CodeForm({ onCreated }: { onCreated: (code: string) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [brands, setBrands] = useState<string[]>([]);
  const [products, setProducts] = useState<Picked[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateCodeMutation();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const fields = (): NewCode | string => {
    const name = normalizeDiscountCode(form.name);
    if (isDiscountCode(name)) return OWNER_CODE_MESSAGES.welcomeName;
    if (!CODE_NAME_PATTERN.test(name)) return OWNER_CODE_MESSAGES.name;
    const value = numberOf(form.value);
    if (value === null) return 'Say how much the code takes off';
    const code: NewCode = {
      name,
      percent: form.kind === 'percent' ? value : null,
      amount_off: form.kind === 'amount' ? value : null,
      min_order: numberOf(form.minOrder),
      starts: form.starts ? pakistanInputToIso(form.starts) : null,
      expires: form.ends ? pakistanInputToIso(form.ends) : null,
      max_uses: numberOf(form.maxUses),
      per_customer: numberOf(form.perCustomer),
      first_order: form.firstOrder,
      brands,
      products: products.map((p) => p.$id),
      off: false,
    };
    return ownerCodeError(code) ?? code;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const code = fields();
    if (typeof code === 'string') return setError(code);
    setError(null);
    const answer = await create(code);
    if ('error' in answer) return setError(errorText(answer.error));
    setForm(EMPTY);
    setBrands([]);
    setProducts([]);
    onCreated(answer.data.$id);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="new-code-heading"
      className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-5"
    >
      <h2 id="new-code-heading" className="text-lg font-bold">
        New code
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <OfferFields form={form} set={set} setForm={setForm} />
        <LimitFields form={form} set={set} setForm={setForm} />
        <BrandChoice brands={brands} onChange={setBrands} />
        <ProductPicker picked={products} onChange={setProducts} />
      </div>
      {error && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" loading={isLoading} className="mt-4 w-full sm:w-auto">
        Create code
      </Button>
    </form>
  );
}

type Form = typeof EMPTY;
interface FieldsProps {
  form: Form;
  set: (key: keyof Form) => (e: { target: { value: string } }) => void;
  setForm: Dispatch<SetStateAction<Form>>;
}

/** The name and what the code takes off. */
function OfferFields({ form, set, setForm }: FieldsProps) {
  return (
    <>
      <TextField
        label="Code name"
        value={form.name}
        onChange={set('name')}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        hint="What customers type at checkout, in any case, like EID15"
        className="sm:col-span-2"
      />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-ink-soft">Discount</legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {(
            [
              ['percent', 'Percentage'],
              ['amount', 'Fixed amount (Rs.)'],
            ] as const
          ).map(([kind, label]) => (
            <label
              key={kind}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3.5 text-sm ring-1 ring-line has-[:checked]:bg-ink has-[:checked]:text-white"
            >
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={form.kind === kind}
                onChange={() => setForm((f) => ({ ...f, kind }))}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={form.kind === 'percent' ? 'Percentage off' : 'Rupees off'}
        inputMode="numeric"
        value={form.value}
        onChange={set('value')}
        hint={form.kind === 'percent' ? '1 to 100' : 'Taken off the pairs once per order'}
      />
      <TextField
        label="Minimum order (Rs.)"
        inputMode="numeric"
        value={form.minOrder}
        onChange={set('minOrder')}
        hint="Empty: no minimum"
      />
    </>
  );
}

/** When the code works and how often. */
function LimitFields({ form, set, setForm }: FieldsProps) {
  return (
    <>
      <TextField
        label="Starts"
        type="datetime-local"
        value={form.starts}
        onChange={set('starts')}
        hint="Pakistan time; empty: now"
      />
      <TextField
        label="Ends"
        type="datetime-local"
        value={form.ends}
        onChange={set('ends')}
        hint="Pakistan time; empty: never"
      />
      <TextField
        label="Total uses"
        inputMode="numeric"
        value={form.maxUses}
        onChange={set('maxUses')}
        hint="Empty: no limit"
      />
      <TextField
        label="Uses per customer"
        inputMode="numeric"
        value={form.perCustomer}
        onChange={set('perCustomer')}
        hint="By account or phone number; empty: no limit"
      />
      <label className="flex min-h-11 items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          checked={form.firstOrder}
          onChange={(e) => setForm((f) => ({ ...f, firstOrder: e.target.checked }))}
          className="size-5 accent-ink"
        />
        First order only
      </label>
    </>
  );
}

/** The brands the code is for (none: every pair). */
function BrandChoice({
  brands,
  onChange,
}: {
  brands: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-ink-soft">
        Brands <span className="font-normal text-muted">(none chosen: every pair)</span>
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {BRANDS.map((b) => (
          <label
            key={b.slug}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3.5 text-sm ring-1 ring-line has-[:checked]:bg-ink has-[:checked]:text-white"
          >
            <input
              type="checkbox"
              checked={brands.includes(b.slug)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...brands, b.slug] : brands.filter((s) => s !== b.slug),
                )
              }
              className="sr-only"
            />
            {b.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
