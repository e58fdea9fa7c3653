import { formatRs, shopWhatsappLink, type CodRefusal, type PaymentType } from '@courtside/shop';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useChargesQuery } from '../../entities/shop/charges-api';
import { useShopFacts } from '../../lib/shop-facts';
import { BankAccounts } from './BankAccounts';

/**
 * The payment methods of docs/shop.md §9: Bank transfer (default) with the payee, the wallet
 * accounts and the ask to send a screenshot by chat; Cash on delivery with the owner's fee (the
 * shop's charges, which checkout waits for before Place Order), greyed out with the server's
 * reason when the owner's rules do not offer it for this order (cod-rules.ts).
 */
export function PaymentOptions({
  field,
  payment,
  total,
  codRefused = null,
}: {
  field: UseFormRegisterReturn<'payment'>;
  payment: PaymentType;
  /** What the customer pays with the chosen method. */
  total: string;
  /** Why cash on delivery is not offered for this order, or null. */
  codRefused?: CodRefusal | null;
}) {
  const facts = useShopFacts();
  return (
    <fieldset className="mt-6">
      <legend className="text-lg font-bold">Payment method</legend>
      <div className="mt-3 space-y-3">
        <Option field={field} value="Bank" checked={payment === 'Bank'} title="Bank transfer">
          <p>
            Send <strong>{total}</strong> to one of these accounts:
          </p>
          <BankAccounts className="mt-2" />
          <p className="mt-2">
            Then send a screenshot of the payment with your order number on{' '}
            <a
              href={shopWhatsappLink(facts, 'Hello! Here is the payment screenshot for my order.')}
              target="_blank"
              rel="noreferrer"
              className="font-semibold text-court-dark underline"
            >
              WhatsApp chat
            </a>
            .
          </p>
        </Option>
        <Option
          field={field}
          value="COD"
          checked={payment === 'COD' && !codRefused}
          title="Cash on delivery"
          refused={codRefused?.message}
        >
          <p>
            Pay <strong>{total}</strong> in cash when your shoes arrive. <CodFeeWords />{' '}
            <CodLimitWords />
          </p>
        </Option>
      </div>
    </fieldset>
  );
}

function Option({
  field,
  value,
  checked,
  title,
  refused,
  children,
}: {
  field: UseFormRegisterReturn<'payment'>;
  value: PaymentType;
  checked: boolean;
  title: string;
  /** Set: this method is not offered for the order, and this says why. */
  refused?: string;
  children: React.ReactNode;
}) {
  const off = refused !== undefined;
  return (
    <div
      data-refused={off || undefined}
      className={`min-w-0 rounded-card border p-4 transition-colors ${checked ? 'border-ink bg-white' : off ? 'border-line bg-slate-50' : 'border-line bg-white/60'}`}
    >
      <label
        className={`flex items-center gap-3 font-semibold ${off ? 'cursor-not-allowed text-muted' : 'cursor-pointer'}`}
      >
        <input
          type="radio"
          value={value}
          className="size-4 accent-court"
          {...field}
          disabled={off}
          aria-describedby={off ? `${value}-refused` : undefined}
        />
        {title}
        {value === 'COD' && <CodFeeTag />}
      </label>
      {off && (
        <p id={`${value}-refused`} role="status" className="mt-2 pl-7 text-sm text-ink-soft">
          {refused}
        </p>
      )}
      {checked && <div className="mt-3 pl-7 text-sm text-ink-soft">{children}</div>}
    </div>
  );
}

/** The owner's cash-on-delivery fee, once the shop's charges are in. */
function useCodFee(): number | undefined {
  return useChargesQuery().data?.codFee;
}

function CodFeeWords() {
  const fee = useCodFee();
  if (fee === undefined) return null;
  return fee > 0 ? (
    <>Cash on delivery adds a {formatRs(fee)} fee.</>
  ) : (
    <>No fee for cash on delivery.</>
  );
}

/** The owner's largest COD order and cities, when they set them. */
function CodLimitWords() {
  const charges = useChargesQuery().data;
  if (!charges) return null;
  const { codMax, codCities } = charges;
  const parts = [
    codMax > 0 ? `for orders up to ${formatRs(codMax)}` : '',
    codCities.length > 0 ? `in ${codCities.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? <>Cash on delivery is offered {parts.join(' and ')}.</> : null;
}

function CodFeeTag() {
  const fee = useCodFee();
  if (!fee) return null;
  return <span className="ml-auto text-sm font-medium text-muted">+{formatRs(fee)}</span>;
}
