import {
  canMoveOrder,
  DASHBOARD_STATUS,
  isOrderStatus,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  orderNumberText,
} from '@courtside/shop';
import { useUpdateOrderStatusMutation } from './orders-api';
import { STATUS_TONE_CLASSES } from '../../../components/ui/status-tones';

/** The changes the customer hears about (an e-mail), asked for once more before they happen. */
function confirmText(number: string, next: OrderStatus): string | null {
  if (next === 'confirmed') {
    return `Confirm order ${orderNumberText(number)}? The customer hears that it is being packed.`;
  }
  if (next === 'cancelled') {
    return `Cancel order ${orderNumberText(number)}? Its pairs go back on sale and the customer gets an e-mail.`;
  }
  return null;
}

/**
 * The order status dropdown in the dashboard colours, offering only the changes the shop's
 * statuses allow (packages/shop/src/order-status.ts). The change shows at once; a refusal rolls
 * it back with a toast (orders-api, D9).
 */
export function StatusSelect({ order, label }: { order: Order; label?: string }) {
  const [update] = useUpdateOrderStatusMutation();
  const status = isOrderStatus(order.order_status) ? order.order_status : 'pending';
  const number = order.order_number || order.$id;
  const tone = DASHBOARD_STATUS[status].tone;
  return (
    <select
      aria-label={label ?? `Status of order ${number}`}
      value={status}
      onChange={(e) => {
        const next = e.target.value;
        if (!isOrderStatus(next) || next === status) return;
        const question = confirmText(number, next);
        if (question && !window.confirm(question)) {
          e.target.value = status;
          return;
        }
        void update({ id: order.$id, status: next, number });
      }}
      className={`min-h-10 cursor-pointer rounded-full px-3 text-sm font-semibold ring-1 outline-none ${STATUS_TONE_CLASSES[tone]}`}
    >
      {ORDER_STATUSES.map((s) => (
        <option key={s} value={s} disabled={!canMoveOrder(status, s)}>
          {DASHBOARD_STATUS[s].label}
        </option>
      ))}
    </select>
  );
}
