import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  addressPartsOf,
  formatPakistaniMobile,
  formatRs,
  normalizePakistaniMobile,
  orderPairCount,
  type NumberLabel,
  type Order,
  orderNumberText,
} from '@courtside/shop';
import { WHATSAPP_ICON_PATH } from '../../../components/ui/WhatsAppButton';
import { paths } from '../../../config/routes';
import { StatusSelect } from './StatusSelect';
import { useCustomerChat } from './customer-chat';
import { NumberBadge } from '../numbers/NumberBadge';
import { useNumberRecords } from '../numbers/numbers-api';
import { dateText } from '../ui';

/** The spec's columns plus phone and city; its "Category" showed the payment type, so named so. */
const COLUMNS = [
  'Customer Name',
  'Order id',
  'Phone',
  'City',
  'Items',
  'Payment',
  'Date',
  'Price',
  'Action',
];

/** A cell that names its column on phones, where each row is a card (docs/shop.md §2 columns). */
/**
 * A cell's sides: narrower on desktop widths up to 1536 px, so the nine columns fit beside the
 * side menu at 1280 px without scrolling the status out of sight.
 */
const CELL_X = 'px-3 md:px-2 2xl:px-3';

function Cell({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <td className={`${CELL_X} py-1 md:py-3 ${className}`}>
      <span className="mr-2 text-xs font-semibold tracking-wide text-muted uppercase md:hidden">
        {label}
      </span>
      {children}
    </td>
  );
}

/**
 * The customer's phone to tap: the number calls it (tel:), the green mark opens a WhatsApp chat
 * with it, prefilled with the order (customer-chat.ts), when it is a mobile number. Each a
 * thumb's size on a phone's card.
 */
function PhoneLinks({ name, phone, chat }: { name: string; phone: string; chat: string | null }) {
  return (
    <span className="inline-flex items-center gap-1 align-middle">
      <a
        href={`tel:${phone}`}
        title={`Call ${name}`}
        className="inline-flex min-h-11 items-center text-ink underline decoration-line underline-offset-4 hover:decoration-court md:min-h-0"
      >
        {formatPakistaniMobile(phone)}
      </a>
      {chat && (
        <a
          href={chat}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${name}`}
          title={`WhatsApp ${name}`}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-whatsapp hover:bg-whatsapp/10 md:size-8"
        >
          <svg viewBox="0 0 24 24" className="size-6 md:size-5" aria-hidden="true">
            <path fill="currentColor" d={WHATSAPP_ICON_PATH} />
          </svg>
        </a>
      )}
    </span>
  );
}

/** The row's number's label (number-history.ts), once the page's labels are in. */
function RowLabel({ label }: { label: NumberLabel | undefined }) {
  if (!label) return null;
  return <NumberBadge label={label} className="ml-1 align-middle md:ml-0 md:flex md:w-fit" />;
}

/** Which orders are ticked (for printing their slips), and how to tick one. */
export interface OrderSelection {
  chosen: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
}

export function OrderRows({
  orders,
  selection,
}: {
  orders: readonly Order[];
  selection: OrderSelection;
}) {
  // The page's numbers' labels, asked at once; a row shows its number's once they are in.
  const records = useNumberRecords(
    orders.map((o) => normalizePakistaniMobile(o.phone) ?? '').filter(Boolean),
  ).data;
  const chatWith = useCustomerChat();
  const labelOf = (phone: string) =>
    records?.find((r) => r.phone === normalizePakistaniMobile(phone))?.label;
  return (
    <tbody className="contents md:table-row-group">
      {orders.map((o) => (
        <tr
          key={o.$id}
          className="mb-3 grid grid-flow-row-dense grid-cols-2 rounded-card border border-line bg-card py-2 shadow-sm md:table-row md:rounded-none md:border-0 md:border-t md:shadow-none"
        >
          <Cell label="Customer" className="col-span-2 text-base md:text-sm md:whitespace-nowrap">
            <input
              type="checkbox"
              aria-label={`Select order ${orderNumberText(o.order_number || o.$id)}`}
              checked={selection.chosen.has(o.$id)}
              onChange={(e) => selection.toggle(o.$id, e.target.checked)}
              className="mr-3 size-5 align-middle accent-ink"
            />
            <Link
              to={paths.dashboard.order(o.$id)}
              className="font-semibold text-ink underline decoration-line underline-offset-4 hover:decoration-court"
            >
              {o.User_name}
            </Link>
          </Cell>
          <Cell label="Order" className="font-mono text-xs md:text-sm">
            {orderNumberText(o.order_number || o.$id)}
          </Cell>
          <Cell label="Phone" className="col-span-2 whitespace-nowrap tabular-nums md:col-span-1">
            <PhoneLinks name={o.User_name} phone={o.phone} chat={chatWith(o)} />
            <RowLabel label={labelOf(o.phone)} />
          </Cell>
          <Cell label="City" className="min-w-0 break-words">
            {addressPartsOf(o).city || '–'}
          </Cell>
          <Cell label="Items" className="tabular-nums">
            {orderPairCount(o.products)}
          </Cell>
          <Cell label="Payment">{o.payment_type}</Cell>
          <Cell label="Date" className="whitespace-nowrap">
            {dateText(o.$createdAt)}
          </Cell>
          <Cell label="Price" className="font-semibold whitespace-nowrap tabular-nums">
            {formatRs(o.price)}
          </Cell>
          {/* The whole card's width on a phone, for the question a status change may ask. */}
          <td className={`${CELL_X} col-span-2 py-1 md:col-span-1 md:py-3`}>
            <StatusSelect order={o} />
          </td>
        </tr>
      ))}
    </tbody>
  );
}

/**
 * The orders table; on phones each row becomes a card, on wider screens a row that scrolls
 * sideways inside the table's box when the columns do not fit. From 1280 px they always fit, so
 * the box lets a status question of the last rows show below it rather than cutting it off.
 * `children` is its <tbody>.
 */
export function OrdersTable({ children }: { children: ReactNode }) {
  return (
    <div className="md:overflow-x-auto md:rounded-card md:border md:border-line md:bg-card md:shadow-sm xl:overflow-visible">
      <table className="block w-full text-sm md:table">
        <thead className="sr-only md:not-sr-only md:table-header-group">
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c}
                scope="col"
                className={`${CELL_X} py-2.5 text-left text-xs font-semibold tracking-wide text-muted uppercase first:rounded-tl-card last:rounded-tr-card md:bg-paper`}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
