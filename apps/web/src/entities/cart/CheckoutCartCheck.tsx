import { CartChanges } from './CartChanges';
import { useCartRefresh } from './use-cart-refresh';

/**
 * Checks the cart against the shop when checkout opens (D9) and says above the form what
 * changed, so the summary the customer confirms is the total the server will compute. The shell
 * mounts it on /checkout; the checkout form may also call `useCartRefresh().refresh()` when the
 * server answers "Prices changed, please review your cart".
 */
export function CheckoutCartCheck() {
  const { changes } = useCartRefresh();
  return (
    <div className={changes.length > 0 ? 'mb-4' : undefined}>
      <CartChanges changes={changes} />
    </div>
  );
}
