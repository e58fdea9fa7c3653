import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  checkShipping,
  COURIER_IDS,
  courierName,
  isFinalOrderStatus,
  shippingLockedMessage,
  TRACKING_NUMBER_MAX,
  type Order,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { ParcelTracking } from '../../../entities/order/ParcelTracking';
import { errorText } from '../../../lib/errors';
import { useUpdateOrderShippingMutation } from './orders-api';

/**
 * The courier and tracking number (D24): the owner picks the courier from the shop's list and
 * types the number; the customer's My Orders shows them at once, with a tracking link. Checked
 * as the server checks them; the server's refusal shows under the form. A cancelled or returned
 * order's box is locked, saying why (the server refuses a change too).
 */
export function ShippingForm({ order }: { order: Order }) {
  const [courier, setCourier] = useState<string>(order.courier ?? '');
  const [number, setNumber] = useState(order.tracking_number ?? '');
  const [error, setError] = useState<string>();
  const [save, saving] = useUpdateOrderShippingMutation();
  const courierId = useId();
  const changed = courier !== (order.courier ?? '') || number !== (order.tracking_number ?? '');
  const locked = isFinalOrderStatus(order.order_status)
    ? shippingLockedMessage(order.order_status)
    : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkShipping({ courier, tracking_number: number });
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    try {
      const saved = await save({ id: order.$id, ...checked.ok }).unwrap();
      setNumber(saved.tracking_number ?? '');
      toast.success(
        saved.tracking_number
          ? `Tracking number saved: the customer sees it in My Orders`
          : 'Shipping saved',
      );
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {locked && (
        <p id={`${courierId}-locked`} className="rounded-xl bg-paper p-3 text-sm text-ink-soft">
          {locked}
        </p>
      )}
      <fieldset
        disabled={locked !== null}
        aria-describedby={locked ? `${courierId}-locked` : undefined}
        className="grid gap-3 disabled:opacity-60 sm:grid-cols-[10rem_minmax(0,1fr)]"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={courierId} className="text-sm font-medium text-ink-soft">
            Courier
          </label>
          <select
            id={courierId}
            value={courier}
            onChange={(e) => setCourier(e.target.value)}
            className="min-h-11 rounded-xl border border-line bg-white px-3 text-base shadow-sm outline-none focus:border-ink"
          >
            <option value="">Not sent yet</option>
            {COURIER_IDS.map((c) => (
              <option key={c} value={c}>
                {courierName(c)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Tracking number"
          value={number}
          maxLength={TRACKING_NUMBER_MAX + 10}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setNumber(e.target.value)}
          error={error}
        />
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ParcelTracking order={order} />
        {!locked && (
          <Button type="submit" loading={saving.isLoading} disabled={!changed}>
            Save shipping
          </Button>
        )}
      </div>
    </form>
  );
}
