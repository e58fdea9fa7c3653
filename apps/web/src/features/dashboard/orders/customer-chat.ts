import { confirmPath, customerChatLink, type Order } from '@courtside/shop';
import { useShopFacts } from '../../../lib/shop-facts';
import { useSiteUrl } from '../../../lib/site';

/**
 * How the owner's WhatsApp chat with a buyer opens, on the order page and in the orders list:
 * prefilled with the order (order-chat.ts), and for a COD order still waiting for its buyer, with
 * the buyer's confirmation link. Null for a number WhatsApp cannot reach.
 */
export function useCustomerChat(): (order: Order) => string | null {
  const siteUrl = useSiteUrl();
  const { name } = useShopFacts();
  return (order) => {
    const link =
      order.order_status === 'pending' && order.payment_type === 'COD' && order.confirm_key
        ? siteUrl(confirmPath(order.$id, order.confirm_key))
        : null;
    return customerChatLink(order, name, link);
  };
}
