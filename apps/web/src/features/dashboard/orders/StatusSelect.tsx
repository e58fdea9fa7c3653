import { useState } from 'react';
import {
  canMoveOrder,
  DASHBOARD_STATUS,
  isOrderStatus,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  orderNumberText,
} from '@courtside/shop';
import { ConfirmPanel } from '../../../components/ui/ConfirmPanel';
import { useUpdateOrderStatusMutation } from './orders-api';
import { STATUS_TONE_CLASSES } from '../../../components/ui/status-tones';

/**
 * The changes the customer hears about (an e-mail), asked for once more before they happen: the
 * question and the words of the button that makes the change.
 */
function question(number: string, next: OrderStatus): { text: string; action: string } | null {
  if (next === 'confirmed') {
    return {
      text: `Confirm order ${orderNumberText(number)}? The customer hears that it is being packed.`,
      action: 'Confirm order',
    };
  }
  if (next === 'cancelled') {
    return {
      text: `Cancel order ${orderNumberText(number)}? Its pairs go back on sale and the customer gets an e-mail.`,
      action: 'Cancel order',
    };
  }
  return null;
}

/**
 * The order status dropdown in the dashboard colours, offering only the changes the shop's
 * statuses allow (packages/shop/src/order-status.ts). A change the customer hears about is asked
 * for in the page first (under the dropdown on a phone, beside it in a box on wider screens). The
 * change shows at once; a refusal rolls it back with a toast (orders-api, D9).
 */
export function StatusSelect({ order, label }: { order: Order; label?: string }) {
  const [update] = useUpdateOrderStatusMutation();
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const status = isOrderStatus(order.order_status) ? order.order_status : 'pending';
  const number = order.order_number || order.$id;
  const tone = DASHBOARD_STATUS[status].tone;
  const change = (next: OrderStatus) => {
    setAsking(null);
    void update({ id: order.$id, status: next, number });
  };
  const asked = asking && question(number, asking);
  return (
    <div className="md:relative">
      <select
        aria-label={label ?? `Status of order ${number}`}
        value={status}
        onChange={(e) => {
          const next = e.target.value;
          if (!isOrderStatus(next) || next === status) return;
          if (question(number, next)) setAsking(next);
          else change(next);
        }}
        className={`min-h-10 cursor-pointer rounded-full px-3 text-sm font-semibold ring-1 outline-none ${STATUS_TONE_CLASSES[tone]}`}
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s} disabled={!canMoveOrder(status, s)}>
            {DASHBOARD_STATUS[s].label}
          </option>
        ))}
      </select>
      {asking && asked && (
        <ConfirmPanel
          label={`Confirm status of order ${orderNumberText(number)}`}
          confirm={asked.action}
          cancel="Not now"
          onConfirm={() => change(asking)}
          onCancel={() => setAsking(null)}
          className="mt-2 md:absolute md:top-full md:right-0 md:z-20 md:w-96 md:flex-col md:items-stretch md:shadow-lg"
        >
          {asked.text}
        </ConfirmPanel>
      )}
    </div>
  );
}
