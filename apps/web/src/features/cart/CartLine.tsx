import { formatRs, unitPrice, type CartLine as Line } from '@courtside/shop';
import { Link } from 'react-router';
import { Price } from '../../components/product/Price';
import { ProductImage } from '../../components/product/ProductImage';
import { QuantityPicker } from '../../components/ui/QuantityPicker';
import { notify } from '../../components/ui/toasts';
import { paths } from '../../config/routes';
import { maxQuantity } from '../../entities/cart/cart-lines';
import { decreaseQuantity, increaseQuantity, removeFromCart } from '../../entities/cart/cart-slice';
import { useAppDispatch } from '../../entities/hooks';

/** One line of the cart: picture, title and size, delete, quantity, price and line total. */
export function CartLine({ line }: { line: Line }) {
  const dispatch = useAppDispatch();
  return (
    <li className="flex gap-3 p-3 sm:gap-4 sm:p-4">
      <Link
        to={paths.product(line.$id)}
        className="w-20 shrink-0 sm:w-28"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage
          fileId={line.image}
          alt=""
          sizes="112px"
          widths={[120, 240]}
          className="rounded-lg"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={paths.product(line.$id)}
              className="line-clamp-2 font-semibold hover:underline"
            >
              {line.title}
            </Link>
            {line.size !== undefined && <p className="text-xs text-muted">EUR {line.size}</p>}
          </div>
          <button
            type="button"
            aria-label={`Delete ${line.title}`}
            onClick={() => {
              dispatch(removeFromCart(line.$id));
              notify.removedFromCart();
            }}
            className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-paper hover:text-danger"
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
              <path
                d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
            </svg>
          </button>
        </div>
        {/* The price to pay lines up with the picker, with or without a discount; the
            struck-through original and the line total hang below it. */}
        <div className="mt-auto flex items-start justify-between gap-2">
          <QuantityPicker
            size="sm"
            label={`Quantity of ${line.title}`}
            value={line.quantity}
            max={maxQuantity(line)}
            onChange={(next) =>
              dispatch(
                next > line.quantity ? increaseQuantity(line.$id) : decreaseQuantity(line.$id),
              )
            }
          />
          <div className="pt-1.5 text-right">
            <Price product={line} stacked />
            {line.quantity > 1 && (
              <p className="text-xs text-muted">
                {formatRs(unitPrice(line) * line.quantity)} for {line.quantity}
              </p>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
