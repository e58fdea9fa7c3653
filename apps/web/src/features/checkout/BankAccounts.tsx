import { SHOP_FACTS } from '@courtside/shop';

/**
 * The wallet accounts of a bank transfer (docs/shop.md §9), one row each. On a narrow phone a long
 * account number moves under its label instead of pushing the page wider.
 */
export function BankAccounts({ className = '' }: { className?: string }) {
  return (
    <dl className={`space-y-1 ${className}`}>
      {SHOP_FACTS.bank.accounts.map((a) => (
        <div key={a.label} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="text-muted">{a.label}</dt>
          <dd className="font-semibold whitespace-nowrap tabular-nums">{a.number}</dd>
        </div>
      ))}
    </dl>
  );
}
