import { confirmPath, confirmWhatsappText, shopWhatsappLink } from '@courtside/shop';
import { Link } from 'react-router';
import { WhatsAppButton } from '../../components/ui/WhatsAppButton';
import { useShopFacts } from '../../lib/shop-facts';
import { useSiteUrl } from '../../lib/site';
import type { PlacedOrder } from './place-order';

/**
 * The buyer confirms a cash-on-delivery order (docs/shop.md, "The buyer confirms"): on WhatsApp
 * (a chat with the shop, the order's number and its link in the message), or at once with the
 * link; the same link is in the SMS and the e-mail.
 */
export function ConfirmOrderBox({ order }: { order: PlacedOrder }) {
  const facts = useShopFacts();
  const siteUrl = useSiteUrl();
  if (order.payment_type !== 'COD' || !order.$id || !order.confirm_key) return null;
  const path = confirmPath(order.$id, order.confirm_key);
  return (
    <div
      role="region"
      aria-label="Confirm your order"
      className="mt-6 rounded-card border border-court/40 bg-court-soft p-5 text-left"
    >
      <h2 className="text-lg font-bold">Please confirm your order</h2>
      <p className="mt-1 text-sm text-ink-soft">
        We send cash-on-delivery orders once you confirm them. Unconfirmed orders are cancelled
        after a few hours.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <WhatsAppButton
          href={shopWhatsappLink(facts, confirmWhatsappText(order.order_number, siteUrl(path)))}
          className="w-full sm:w-auto"
        >
          Confirm on WhatsApp
        </WhatsAppButton>
        <Link
          to={path}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-ink px-5 text-sm font-semibold text-white hover:bg-ink-soft sm:w-auto"
        >
          Confirm now
        </Link>
      </div>
    </div>
  );
}
