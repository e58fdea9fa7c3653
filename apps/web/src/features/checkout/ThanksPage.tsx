import { OrderLineItems } from '../../components/orders/OrderLineItems';
import {
  deliveryAddressText,
  formatRs,
  formatPakistaniMobile,
  orderSummary,
  orderWhatsappText,
  paymentLabel,
  readOrderLines,
  shopWhatsappLink,
  orderNumberText,
} from '@courtside/shop';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { WhatsAppButton } from '../../components/ui/WhatsAppButton';
import { paths } from '../../config/routes';
import { useMyOrderQuery } from '../../entities/order/orders-api';
import { useAuth } from '../../entities/hooks';
import { BankPayment } from './BankPayment';
import { ConfirmOrderBox } from './ConfirmOrderBox';
import { isPlacedOrder, placedOf, trackPathOf, type PlacedOrder } from './place-order';
import { usePageTitle } from '../../lib/page-title';
import { useShopFacts } from '../../lib/shop-facts';

const linkButton =
  'inline-flex min-h-11 items-center justify-center rounded-full px-5 text-sm font-semibold';

/**
 * The order to confirm: the one checkout just passed in the history state, else the one named
 * in the address (?order=<id>), read back from the server after a reload.
 */
function useConfirmedOrder(): {
  order: PlacedOrder | null;
  loading: boolean;
  failed: boolean;
  /** Whether the page was opened for an order at all (not a bookmark or a typed address). */
  asked: boolean;
} {
  const state = useLocation().state as { order?: unknown } | null;
  const passed = isPlacedOrder(state?.order) ? state.order : null;
  const id = useSearchParams()[0].get('order') ?? '';
  const read = useMyOrderQuery(id, { skip: Boolean(passed) || !id });
  if (passed) return { order: passed, loading: false, failed: false, asked: true };
  return {
    order: read.data ? placedOf(read.data) : null,
    loading: read.isLoading,
    failed: read.isError,
    asked: Boolean(id),
  };
}

/**
 * The order's number, and how it is confirmed: by the buyer's link for cash on delivery (the box
 * below), else by the shop, which calls.
 */
function PlacedNote({ order }: { order: PlacedOrder }) {
  const byLink = order.payment_type === 'COD' && Boolean(order.confirm_key);
  return (
    <p className="mt-2 text-ink-soft">
      Your order <strong className="text-ink">{orderNumberText(order.order_number)}</strong> is
      placed.{' '}
      {byLink ? (
        <>
          Please confirm it below; we also sent the link by SMS
          {order.phone && (
            <>
              {' '}
              to{' '}
              <strong className="whitespace-nowrap text-ink">
                {formatPakistaniMobile(order.phone)}
              </strong>
            </>
          )}
          .
        </>
      ) : order.phone ? (
        <>
          We will call you on{' '}
          <strong className="whitespace-nowrap text-ink">
            {formatPakistaniMobile(order.phone)}
          </strong>{' '}
          to confirm it, and text you its news.
        </>
      ) : (
        'We will confirm it soon.'
      )}
    </p>
  );
}

/** The order as placed: its pairs, what came off and on, the total, and where it goes. */
function Receipt({ order }: { order: PlacedOrder }) {
  const sum = orderSummary(order);
  const address = deliveryAddressText({ ...order, address: order.address ?? '' });
  const row = (label: string, value: string, testId: string) => (
    <div className="flex justify-between gap-3 text-ink-soft" data-testid={testId}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <section
      aria-label="Your order"
      className="mt-6 rounded-t-card border border-b-0 border-line bg-card p-5 pb-0 text-left shadow-sm"
    >
      <OrderLineItems lines={sum.lines} />
      <dl className="mt-2 space-y-1.5 border-t border-line pt-3 text-sm">
        {row('Subtotal', formatRs(sum.subtotal), 'subtotal')}
        {sum.discount &&
          row(
            `Discount code ${sum.discount.code}`,
            `-${formatRs(sum.discount.amount)}`,
            'discount',
          )}
        {row(
          'Delivery charge',
          sum.delivery > 0 ? formatRs(sum.delivery) : 'Free',
          'delivery-charge',
        )}
        {sum.codFee > 0 && row('Cash on delivery fee', formatRs(sum.codFee), 'cod-fee')}
        <div className="flex justify-between border-t border-line pt-2 text-base font-black">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {formatRs(sum.total)}
          </dd>
        </div>
      </dl>
      {address && (
        <p className="mt-3 text-sm text-ink-soft" data-testid="address">
          <span className="font-semibold text-ink">Deliver to: </span>
          {address}
        </p>
      )}
    </section>
  );
}

/** The confirmation: Track Your Order, Go To Shopping, and the order sent on WhatsApp (D14). */
export function ThanksPage() {
  usePageTitle('Thank you for shopping');
  const facts = useShopFacts();
  const { order, loading, failed, asked } = useConfirmedOrder();
  const lines = order ? readOrderLines(order.products) : [];
  // A guest (no e-mail, no number on the account) follows the order on /track, without signing in.
  const { userData } = useAuth();
  const guest = !userData?.email && !userData?.phone;
  return (
    <section className="mx-auto max-w-xl py-8 text-center sm:py-14">
      {asked && (
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-8 text-success">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </div>
      )}
      <h1 className="mt-5 text-2xl font-black tracking-tight sm:text-3xl">
        Thank you for shopping
      </h1>
      {order ? (
        <>
          <PlacedNote order={order} />
          <ConfirmOrderBox order={order} />
          <Receipt order={order} />
          <div className="rounded-b-card border border-t-0 border-line bg-card px-5 pb-5 text-left shadow-sm">
            <p className="pt-1 text-sm text-muted">{paymentLabel(order.payment_type)}</p>
            {order.payment_type === 'Bank' && <BankPayment order={order} />}
          </div>
          <WhatsAppButton
            href={shopWhatsappLink(facts, orderWhatsappText({ ...order, lines }, facts))}
            className="mt-6 w-full sm:w-auto"
          >
            Send order on WhatsApp
          </WhatsAppButton>
        </>
      ) : loading ? (
        <Spinner label="Loading your order" className="mt-4" />
      ) : failed ? (
        <p className="mt-2 text-ink-soft" role="alert">
          We could not show this order here. You can follow your orders in My Orders.
        </p>
      ) : (
        // Opened with no order (a bookmark, a typed address): nothing is claimed as placed.
        <p className="mt-2 text-ink-soft">
          Your orders and where they are can be followed in My Orders.
        </p>
      )}
      <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to={order?.phone && guest ? trackPathOf(order.order_number, order.phone) : paths.myOrders}
          className={`${linkButton} bg-ink text-white hover:bg-ink-soft`}
        >
          Track Your Order
        </Link>
        <Link to={paths.home} className={`${linkButton} ring-1 ring-line hover:bg-white`}>
          Go To Shopping
        </Link>
      </div>
    </section>
  );
}
