import { formatPakistaniMobile, formatRs, whatsappChatLink, type Customer } from '@courtside/shop';
import { Link } from 'react-router';
import { paths } from '../../../config/routes';
import { dateText } from '../ui';

/**
 * A customer at a glance: name, number (call, WhatsApp), e-mail, money spent, their orders'
 * counts, subscriber and codes. In the list the name leads to their page; their page
 * (`linked` false) has the name as its heading.
 */
export function CustomerCard({
  customer: c,
  linked = true,
}: {
  customer: Customer;
  linked?: boolean;
}) {
  const phone = formatPakistaniMobile(c.phone);
  const chat = whatsappChatLink(c.phone);
  const Box = linked ? 'li' : 'div';
  return (
    <Box
      aria-label={c.name || phone}
      className="rounded-card border border-line bg-card p-4 text-sm shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {linked && (
            <p className="text-base font-bold">
              <Link to={paths.dashboard.customer(c.phone)} className="hover:underline">
                {c.name || 'No name given'}
              </Link>
            </p>
          )}
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-ink-soft">
            <a href={`tel:${c.phone}`} className="font-medium hover:underline">
              {phone}
            </a>
            {chat && (
              <a href={chat} target="_blank" rel="noreferrer" className="text-whatsapp-dark">
                WhatsApp
              </a>
            )}
          </p>
          {c.email && <p className="truncate text-muted">{c.email}</p>}
        </div>
        <p className="ml-auto text-right">
          <span className="block text-base font-bold tabular-nums">{formatRs(c.spent)}</span>
          <span className="text-xs text-muted">spent</span>
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        <Figure label="Orders" value={c.orders} />
        <Figure label="Pairs" value={c.pairs} />
        <Figure label="Delivered" value={c.delivered} />
        <Figure label="Returned" value={c.returned} />
        <Figure label="Cancelled" value={c.cancelled} />
        <Figure label="Last order" value={dateText(c.lastOrderAt)} />
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
        {c.subscriber && (
          <span className="rounded-full bg-court-soft px-2 py-1 font-semibold">Subscriber</span>
        )}
        {c.codes.map((code) => (
          <span key={code} className="rounded-full bg-paper px-2 py-1 font-mono">
            {code}
          </span>
        ))}
        {linked && (
          <Link
            to={paths.dashboard.customer(c.phone)}
            className="ml-auto font-semibold text-court-dark underline"
            aria-label={`Orders and notes of ${c.name || phone}`}
          >
            Orders and notes
          </Link>
        )}
      </div>
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg bg-paper px-1 py-1.5">
      <dt className="text-[11px] text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
