import {
  courierName,
  formatRs,
  isCourierId,
  formatPakistaniMobile,
  normalizePakistaniMobile,
  orderNumberText,
  orderTimeline,
  paymentLabel,
  PHONE_MESSAGE,
  type OrderTracking,
  PHONE_EXAMPLE,
} from '@courtside/shop';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { usePageTitle } from '../../lib/page-title';
import { useTrackOrderQuery } from './track-api';

const NUMBER_MESSAGE = 'Enter the order number from your SMS, like A1B2C3';

/** The order's way: each step done or to come, and the courier's tracking once it ships. */
export function OrderTimeline({ order }: { order: OrderTracking }) {
  const points = orderTimeline(order);
  return (
    <section
      aria-label={`Order ${orderNumberText(order.order_number)}`}
      className="mt-6 rounded-card border border-line bg-card p-5 shadow-sm"
    >
      <h2 className="text-lg font-bold">Order {orderNumberText(order.order_number)}</h2>
      <p className="mt-1 text-sm text-muted">
        {formatRs(order.price)} · {paymentLabel(order.payment_type)}
      </p>
      <ol className="mt-4 flex flex-col gap-3">
        {points.map((p) => (
          <li key={p.step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-1 size-3 shrink-0 rounded-full ${p.done ? 'bg-success' : 'border-2 border-line bg-white'}`}
            />
            <span className={p.done ? 'font-semibold text-ink' : 'text-muted'}>
              {p.label}
              <span className="sr-only">{p.done ? ' (done)' : ' (to come)'}</span>
              {p.step === 'shipped' && p.done && <Shipped order={order} />}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Shipped({ order }: { order: OrderTracking }) {
  const courier = isCourierId(order.courier) ? courierName(order.courier) : 'the courier';
  return (
    <span className="block text-sm font-normal text-ink-soft">
      With {courier}, tracking number{' '}
      <span className="font-semibold break-all">{order.tracking_number}</span>
      {order.tracking && (
        <>
          {' · '}
          <a
            href={order.tracking.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-court-dark underline"
          >
            Track the parcel
          </a>
        </>
      )}
    </span>
  );
}

function Lookup({ order, phone }: { order: string; phone: string }) {
  const { data, error, isFetching } = useTrackOrderQuery({ order, phone });
  if (isFetching) return <Spinner label="Looking up your order" className="mt-6" />;
  if (error) {
    return (
      <p role="alert" className="mt-6 text-sm font-medium text-danger">
        {(error as { message?: string }).message ?? 'Your order could not be looked up just now.'}
      </p>
    );
  }
  return data ? <OrderTimeline order={data} /> : null;
}

/** /track: an order's way by its number and mobile number, for guests and everyone else. */
export function TrackPage() {
  usePageTitle('Track your order');
  const [search, setSearch] = useSearchParams();
  const [order, setOrder] = useState(search.get('order') ?? '');
  // The number as people write it (0301 2345678), also when the link carries +923012345678.
  const [phone, setPhone] = useState(formatPakistaniMobile(search.get('phone') ?? ''));
  const [errors, setErrors] = useState<{ order?: string; phone?: string }>({});
  const asked = { order: search.get('order') ?? '', phone: search.get('phone') ?? '' };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const number = normalizePakistaniMobile(phone);
    const next = {
      ...(order.trim() ? {} : { order: NUMBER_MESSAGE }),
      ...(number ? {} : { phone: PHONE_MESSAGE }),
    };
    setErrors(next);
    if (next.order || next.phone) return;
    setPhone(formatPakistaniMobile(number!));
    setSearch({ order: order.trim(), phone: number! }, { replace: true });
  };
  const ready = asked.order && normalizePakistaniMobile(asked.phone);
  return (
    <section className="mx-auto w-full max-w-md py-6 sm:py-12">
      <h1 className="text-2xl font-black tracking-tight sm:text-3xl">Track your order</h1>
      <p className="mt-1 text-sm text-muted">
        No account needed: the order number is in the SMS we sent when you ordered.
      </p>
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4" aria-label="Track">
        <TextField
          label="Order number *"
          autoComplete="off"
          aria-required="true"
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          error={errors.order}
        />
        <TextField
          label="Mobile number *"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={PHONE_EXAMPLE}
          aria-required="true"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <Button type="submit" className="w-full">
          Track
        </Button>
      </form>
      {ready && <Lookup order={asked.order} phone={normalizePakistaniMobile(asked.phone)!} />}
    </section>
  );
}
