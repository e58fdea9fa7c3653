import { DASHBOARD_STATUS, isOrderStatus, ORDER_STATUSES, type Order } from '@courtside/shop';
import { useUpdateOrderStatusMutation } from './orders-api';
import { STATUS_TONE_CLASSES } from '../../components/ui/status-tones';

/**
 * The order status dropdown in the dashboard colours. The change shows at once; a refusal
 * rolls it back with a toast (orders-api, D9).
 */
export function StatusSelect({ order, label }: { order: Order; label?: string }) {
  const [update] = useUpdateOrderStatusMutation();
  const status = isOrderStatus(order.order_status) ? order.order_status : 'pending';
  const tone = DASHBOARD_STATUS[status].tone;
  return (
    <select
      aria-label={label ?? `Status of order ${order.order_number || order.$id}`}
      value={status}
      onChange={(e) => {
        const next = e.target.value;
        if (isOrderStatus(next) && next !== status) void update({ id: order.$id, status: next });
      }}
      className={`min-h-10 cursor-pointer rounded-full px-3 text-sm font-semibold ring-1 outline-none ${STATUS_TONE_CLASSES[tone]}`}
    >
      {ORDER_STATUSES.map((s) => (
        <option key={s} value={s}>
          {DASHBOARD_STATUS[s].label}
        </option>
      ))}
    </select>
  );
}
