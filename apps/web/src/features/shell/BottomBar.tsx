import { NavLink } from 'react-router';
import { useAppSelector } from '../../entities/hooks';
import { paths } from '../../config/routes';
import { selectCartCount } from '../../entities/cart/cart-slice';
import { CountBadge, countLabel, Icon } from './icons';

const item = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center justify-center gap-0.5 py-2 text-[11px] font-semibold whitespace-nowrap ${isActive ? 'text-court-dark' : 'text-ink-soft'}`;

/**
 * The bottom bar of phones and small tablets (below the width where the header has room for its own
 * links): Home, Size, Cart and Track Order (docs/shop.md §2). 4rem tall above the safe area, the
 * room the page leaves for it and what the product page's buy bar rests on.
 */
export function BottomBar() {
  const cartCount = useAppSelector(selectCartCount);
  return (
    <nav
      aria-label="Quick"
      className="fixed inset-x-0 bottom-0 z-30 flex min-h-16 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <NavLink to={paths.home} end className={item}>
        <Icon name="home" />
        Home
      </NavLink>
      <NavLink to={paths.sizes} className={item}>
        <Icon name="ruler" />
        Size
      </NavLink>
      <NavLink to={paths.cart} className={item} aria-label={countLabel('Cart', cartCount)}>
        <span className="relative">
          <Icon name="cart" />
          <CountBadge count={cartCount} />
        </span>
        Cart
      </NavLink>
      <NavLink to={paths.myOrders} className={item}>
        <Icon name="truck" />
        Track Order
      </NavLink>
    </nav>
  );
}
