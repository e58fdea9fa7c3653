import { WHATSAPP_ICON_PATH, WhatsAppButton } from '../../components/ui/WhatsAppButton';
import { useChargesQuery } from '../../entities/shop/charges-api';
import {
  categoryLabel,
  chargesNote,
  formatRs,
  isInStock,
  LOW_STOCK_THRESHOLD,
  unitPrice,
  usUkSize,
  shopWhatsappLink,
  type Product,
} from '@courtside/shop';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector, useIsAdmin } from '../../entities/hooks';
import { DeliveryEstimate } from '../../entities/info-page/DeliveryEstimate';
import { DiscountBadge, Price } from '../../components/product/Price';
import { notify } from '../../components/ui/toasts';
import { paths } from '../../config/routes';
import { maxQuantity } from '../../entities/cart/cart-lines';
import { addQuantityToCart } from '../../entities/cart/cart-slice';
import { selectInWishlist, toggleWishlist } from '../../entities/wishlist/wishlist-slice';
import { QuantityPicker } from '../../components/ui/QuantityPicker';
import { useSiteUrl } from '../../lib/site';
import { useShopFacts } from '../../lib/shop-facts';
import { ConditionCard } from './ConditionCard';
import { useBuyBarHeight } from './use-buy-bar-height';

const SHORT = 180;

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > SHORT;
  return (
    <div className="text-sm leading-relaxed text-ink-soft">
      {/* Text a buyer reads to decide: the floating links step aside from it (wider screens). */}
      <p data-keep-clear data-testid="description" className="whitespace-pre-line">
        {open || !long ? text : `${text.slice(0, SHORT).trimEnd()}…`}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="mt-1 font-semibold text-court-dark underline-offset-2 hover:underline"
        >
          {open ? 'see less' : 'see more'}
        </button>
      )}
    </div>
  );
}

/** A labelled box; white on the page's paper so it reads as a box, never wrapping its value. */
function Fact({ label, value, extra }: { label: string; value: string; extra?: ReactNode }) {
  return (
    <div className="min-w-fit flex-1 rounded-lg bg-white px-3 py-2 ring-1 ring-line">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="whitespace-nowrap font-semibold">{value}</dd>
      {extra}
    </div>
  );
}

/** The size's US and UK sizes, and the size guide one tap away. */
function SizeExtra({ size }: { size: number }) {
  const usUk = usUkSize(size);
  return (
    <dd className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
      {usUk && <span className="whitespace-nowrap">{usUk}</span>}
      <Link
        to={paths.sizes}
        className="inline-flex min-h-6 items-center font-semibold text-court-dark underline underline-offset-2"
      >
        Size guide
      </Link>
    </dd>
  );
}

/** A draft's page is the owner's alone (shoppers are told it is not found). */
function DraftNote() {
  return (
    <p
      role="note"
      className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-300"
    >
      Draft: only you see this page. Shoppers find it once you publish it.
    </p>
  );
}

/** The owner's way to edit the product; everyone else's wishlist heart. */
function WishlistOrUpdate({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const isAdmin = useIsAdmin();
  const wished = useAppSelector((s) => selectInWishlist(s, product.$id));
  if (isAdmin) {
    return (
      <Link
        to={paths.dashboard.editProduct(product.$id)}
        title="Update this product"
        className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-full text-sm font-semibold ring-1 ring-line hover:bg-white sm:px-5"
      >
        <svg viewBox="0 0 24 24" className="size-5 sm:hidden" aria-hidden="true">
          <path
            d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {/* The word on wider screens; on phones the pencil, still named Update. */}
        <span className="sr-only sm:not-sr-only">Update</span>
      </Link>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-label={wished ? 'Remove from wishlist' : 'Add to wishlist'}
      onClick={() => {
        dispatch(toggleWishlist(product));
        if (wished) notify.removedFromWishlist();
        else notify.addedToWishlist();
      }}
      className={`grid size-11 shrink-0 place-items-center rounded-full ring-1 ring-line ${wished ? 'bg-court-soft text-court-dark' : 'bg-white text-ink'}`}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z"
          fill={wished ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/** The WhatsApp message to the shop about this pair, with its link. */
function useAskLink(product: Product): string {
  const siteUrl = useSiteUrl();
  const link = siteUrl(paths.product(product.$id));
  const facts = useShopFacts();
  return shopWhatsappLink(
    facts,
    `Hi ${facts.name}, I'm interested in ${product.title} (EUR ${product.size}): ${link}`,
  );
}

function AskOnWhatsApp({ product }: { product: Product }) {
  return <WhatsAppButton href={useAskLink(product)}>Ask on WhatsApp</WhatsAppButton>;
}

/**
 * On phones the buy bar carries the chat (the floating link stays off this page there, where it
 * would sit on the bar or on the text): a round WhatsApp button about this pair.
 */
function ChatAboutPair({ product }: { product: Product }) {
  return (
    <a
      href={useAskLink(product)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat on WhatsApp about this pair"
      title="Chat on WhatsApp"
      className="grid size-11 shrink-0 place-items-center rounded-full bg-whatsapp text-white hover:bg-whatsapp-dark sm:hidden"
    >
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
        <path fill="currentColor" d={WHATSAPP_ICON_PATH} />
      </svg>
    </a>
  );
}

/**
 * What an order pays beyond the pairs, under the price. Its data comes with the server-rendered
 * page (first-page.ts), so the first render in the browser matches the HTML; its two lines are
 * kept all the same, so a late answer moves nothing below it.
 */
function ChargesLine() {
  const { data: charges } = useChargesQuery();
  return (
    <p className="min-h-15 text-sm text-muted sm:min-h-10" data-testid="charges-note">
      {charges ? chargesNote(charges) : ''}
    </p>
  );
}

/**
 * Title, prices, facts, quantity, Add to cart, wishlist or update link, Ask on WhatsApp, and a
 * pre-loved pair's condition card.
 */
export function ProductDetails({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const inCart = useAppSelector(
    (s) => s.cart.items.find((l) => l.$id === product.$id)?.quantity ?? 0,
  );
  const [quantity, setQuantity] = useState(1);
  const inStock = isInStock(product);
  const max = Math.max(0, maxQuantity(product) - inCart);
  const stockLeft = typeof product.stock === 'number' ? product.stock : undefined;
  const canAdd = inStock && max >= 1;
  const buyBar = useBuyBarHeight();
  return (
    <div className="space-y-5">
      {/* The buy bar ends this part: on phones it sticks above the bottom bar while the part
          scrolls by, and rests at its end (never over the chat or the condition card below). */}
      <div className="space-y-5">
        {product.draft === true && <DraftNote />}
        <div className="space-y-2">
          <Link
            to={paths.category(product.category)}
            className="text-xs font-bold uppercase tracking-wider text-court-dark hover:underline"
          >
            {categoryLabel(product.category)}
          </Link>
          <h1 className="text-2xl font-black leading-tight tracking-tight sm:text-3xl">
            {product.title}
          </h1>
          <Price product={product} size="lg" badge={<DiscountBadge product={product} />} />
          <ChargesLine />
        </div>
        <Description text={product.description} />
        <dl className="flex flex-wrap gap-2 text-sm">
          <Fact
            label="Size"
            value={`EUR ${product.size}`}
            extra={<SizeExtra size={product.size} />}
          />
          <Fact label="Condition" value={`${product.condition}/10`} />
          <Fact label="Stock" value={inStock ? 'In Stock' : 'Out of Stock'} />
        </dl>
        <DeliveryEstimate />
        {inStock &&
          stockLeft !== undefined &&
          stockLeft > 0 &&
          stockLeft <= LOW_STOCK_THRESHOLD && (
            <p className="text-sm font-semibold text-danger">Only {stockLeft} left</p>
          )}
        <section
          aria-label="Buy this pair"
          ref={buyBar}
          data-buy-bar
          data-keep-clear
          className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 -mx-4 space-y-2 border-t border-line bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur sm:static sm:mx-0 sm:space-y-0 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none sm:backdrop-blur-none"
        >
          {/* Phones: what the pair costs and its size, beside the chat, above the buttons. */}
          <div className="flex items-center justify-between gap-3 sm:hidden">
            <p data-keep-clear className="text-sm">
              <span className="font-extrabold text-ink">{formatRs(unitPrice(product))}</span>
              <span className="text-muted"> · EUR {product.size}</span>
            </p>
            <ChatAboutPair product={product} />
          </div>
          {/* One row at every width: picker, Add to cart taking what is left, heart or Update. */}
          <div className="flex items-center gap-2 sm:gap-3">
            <QuantityPicker
              label="Quantity"
              value={Math.min(quantity, Math.max(1, max))}
              max={max}
              disabled={!canAdd}
              onChange={setQuantity}
            />
            <button
              type="button"
              disabled={!canAdd}
              onClick={() => {
                dispatch(addQuantityToCart({ product, quantity: Math.min(quantity, max) }));
                notify.addedToCart();
                setQuantity(1);
              }}
              className="min-h-11 min-w-0 flex-1 whitespace-nowrap rounded-full bg-court px-4 font-semibold text-white hover:bg-court-dark disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 sm:flex-none"
            >
              {inStock ? 'Add to cart' : 'Out of Stock'}
            </button>
            <WishlistOrUpdate product={product} />
          </div>
        </section>
      </div>
      {inCart > 0 && (
        <p className="text-sm text-muted">
          {inCart} in your cart ·{' '}
          <Link to={paths.cart} className="font-semibold text-ink underline">
            View cart
          </Link>
        </p>
      )}
      <AskOnWhatsApp product={product} />
      <ConditionCard product={product} />
    </div>
  );
}
