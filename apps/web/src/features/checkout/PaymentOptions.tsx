import { formatRs, shopWhatsappLink, type PaymentType } from '@courtside/shop';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useChargesQuery } from '../../entities/shop/charges-api';
import { useShopFacts } from '../../lib/shop-facts';
import { BankAccounts } from './BankAccounts';

/**
 * The payment methods of docs/shop.md §9: Bank transfer (default) with the payee, the wallet
 * accounts and the ask to send a screenshot by chat; Cash on delivery with the owner's fee (the
 * shop's charges, which checkout waits for before Place Order).
 */
export function PaymentOptions({
  field,
  payment,
  total,
}: {
  field: UseFormRegisterReturn<'payment'>;
  payment: PaymentType;
  /** What the customer pays with the chosen method. */
  total: string;
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
        <Option field={field} value="COD" checked={payment === 'COD'} title="Cash on delivery">
          <p>
            Pay <strong>{total}</strong> in cash when your shoes arrive. <CodFeeWords />
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
  children,
}: {
  field: UseFormRegisterReturn<'payment'>;
  value: PaymentType;
  checked: boolean;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={`min-w-0 rounded-card border p-4 transition-colors ${checked ? 'border-ink bg-white' : 'border-line bg-white/60'}`}
    >
      <label className="flex cursor-pointer items-center gap-3 font-semibold">
        <input type="radio" value={value} className="size-4 accent-court" {...field} />
        {title}
        {value === 'COD' && <CodFeeTag />}
      </label>
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

function CodFeeTag() {
  const fee = useCodFee();
  if (!fee) return null;
  return <span className="ml-auto text-sm font-medium text-muted">+{formatRs(fee)}</span>;
}
