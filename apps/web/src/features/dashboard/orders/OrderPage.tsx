import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  addressPartsOf,
  formatPakistaniMobile,
  formatRs,
  orderSummary,
  paymentLabel,
  readOrderLines,
  unitPrice,
  type Order,
  orderNumberText,
  NOT_GIVEN,
} from '@courtside/shop';
import { LoadError } from '../../../components/ui/LoadError';
import { WhatsAppButton } from '../../../components/ui/WhatsAppButton';
import { paths } from '../../../config/routes';
import { isMissing } from '../../../lib/errors';
import { useOrderQuery } from './orders-api';
import { OwnerNotes } from '../notes/OwnerNotes';
import { PaymentPanel } from './PaymentPanel';
import { NumberPanel } from '../numbers/NumberPanel';
import { ShippingForm } from './ShippingForm';
import { PrintLink } from './print/PrintLink';
import { StatusSelect } from './StatusSelect';
import { ConfirmedBy } from './ConfirmedBy';
import { dateText, Gone, Loading } from '../ui';
import { usePageTitle } from '../../../lib/page-title';
import { useCustomerChat } from './customer-chat';

/** /dashboard/orders/:id: who ordered what, and the status control (docs/shop.md §2). */
export function OrderPage() {
  usePageTitle('Order details · Dashboard');
  const { id = '' } = useParams();
  const { data, isLoading, isError, error, refetch } = useOrderQuery(id);
  return (
    <section>
      <Link
        to={paths.dashboard.orders}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-ink-soft hover:text-court-dark"
      >
        ← Back to orders
      </Link>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black tracking-tight lg:text-3xl">Order Details</h1>
        {data && <PrintLink orderIds={[data.$id]} label="Print invoice" />}
      </div>
      {isLoading ? (
        <Loading label="Loading the order" />
      ) : isMissing(error) ? (
        <Gone
          message="This order does not exist (any more)."
          back={{ to: paths.dashboard.orders, label: 'Back to orders' }}
        />
      ) : isError || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <OrderDetails order={data} />
      )}
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-card p-4 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-t border-line py-2 first:border-t-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** Customer Info's rows: label and value side by side, a long address wrapping in its column. */
function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3 border-t border-line py-2 first:border-t-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const lines = readOrderLines(order.products);
  const fee = orderSummary(order).codFee;
  const address = addressPartsOf(order);
  const chat = useCustomerChat()(order);
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="grid gap-4">
        {order.payment_type === 'Bank' && (
          <Panel title="Payment">
            <PaymentPanel order={order} />
          </Panel>
        )}
        <Panel title="Customer Info">
          <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Profile</h3>
          <dl className="mb-4">
            <InfoRow label="Name">{order.User_name}</InfoRow>
            <InfoRow label="Phone">
              <a href={`tel:${order.phone}`} className="underline underline-offset-4">
                {formatPakistaniMobile(order.phone)}
              </a>
            </InfoRow>
            <InfoRow label="Email">{order.email}</InfoRow>
            <InfoRow label="Id">#{order.user_id}</InfoRow>
          </dl>
          <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Address</h3>
          <dl>
            <InfoRow label="Address 1">{address.street}</InfoRow>
            <InfoRow label="Address 2">{address.etcaddress || NOT_GIVEN}</InfoRow>
            <InfoRow label="City">{address.city || NOT_GIVEN}</InfoRow>
          </dl>
          {chat ? (
            <WhatsAppButton href={chat} className="mt-4 w-full sm:w-auto">
              Message on WhatsApp
            </WhatsAppButton>
          ) : (
            <p className="mt-4 text-xs text-muted">
              This phone is not a Pakistani mobile number, so WhatsApp cannot open a chat with it.
            </p>
          )}
        </Panel>
        <NumberPanel phone={order.phone} />
        <Panel title="Shipping">
          <ShippingForm
            key={`${order.courier ?? ''}|${order.tracking_number ?? ''}`}
            order={order}
          />
        </Panel>
      </div>
      <div className="grid gap-4">
        <Panel title="Order Info">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">
              Order{' '}
              <span className="font-mono font-semibold text-ink">
                {orderNumberText(order.order_number)}
              </span>{' '}
              · {dateText(order.$createdAt)}
            </p>
            <StatusSelect order={order} label="Order status" />
          </div>
          <ConfirmedBy order={order} />
          <ul className="divide-y divide-line border-y border-line">
            {lines.map((l, i) => (
              <li key={`${l.$id}-${i}`} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold">{l.title}</p>
                  <p className="text-xs text-muted">
                    {l.size !== undefined && `EUR ${l.size} · `}
                    {l.quantity} × {formatRs(unitPrice(l))}
                  </p>
                </div>
                <p className="font-semibold whitespace-nowrap tabular-nums">
                  {formatRs(unitPrice(l) * l.quantity)}
                </p>
              </li>
            ))}
          </ul>
          <dl className="mt-2">
            {order.code && (
              <Row label={`Discount code ${order.code}`}>-{formatRs(order.discount ?? 0)}</Row>
            )}
            <Row label="Delivery charge">{order.delivery ? formatRs(order.delivery) : 'Free'}</Row>
            {fee > 0 && <Row label="Cash on delivery fee">{formatRs(fee)}</Row>}
            <Row label="Payment type">{paymentLabel(order.payment_type)}</Row>
            <Row label="Total">
              <span className="text-base font-black">{formatRs(order.price)}</span>
            </Row>
          </dl>
        </Panel>
        <Panel title="Notes">
          <OwnerNotes
            subject={{ kind: 'order', id: order.$id }}
            placeholder="Called the customer, parcel booked, asked for a later delivery…"
          />
        </Panel>
      </div>
    </div>
  );
}
