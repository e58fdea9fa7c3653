import { SHOP_FACTS, whatsappLink } from '@courtside/shop';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/routes';
import { SOCIAL_LINKS, SocialIcon } from './icons';
import { useOverControl } from './use-over-control';

/** Pages whose own controls sit where the button would: the checkout form and the account area. */
const HIDDEN_ON = [paths.checkout, '/account/'];

/**
 * The floating chat and social links (docs/shop.md §2, D14), bottom-right on every storefront
 * page: on phones only the WhatsApp button, just above the bottom bar; from `md` in the corner,
 * with the shop's social pages above it. They hide no content: the footer leaves room for them at
 * the end of the page, and while a control (Add to cart, Check Out, a field) scrolls under the
 * button, the links fade away so the control can be tapped.
 */
export function FloatingLinks() {
  const { pathname } = useLocation();
  const link = useRef<HTMLAnchorElement>(null);
  const over = useOverControl(link, pathname);
  if (HIDDEN_ON.some((p) => pathname === p || pathname.startsWith(p))) return null;
  return (
    <aside
      aria-label="Chat and social links"
      inert={over}
      className={`fixed right-4 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 grid justify-items-center gap-2 transition-opacity duration-150 md:bottom-4 ${over ? 'pointer-events-none opacity-0' : ''}`}
    >
      {SOCIAL_LINKS.map((s) => (
        <a
          key={s.name}
          href={s.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={s.label}
          title={s.label}
          className="hidden size-10 place-items-center rounded-full bg-white text-ink shadow-md ring-1 ring-line hover:text-court-dark md:grid"
        >
          <SocialIcon name={s.name} className="size-5" />
        </a>
      ))}
      <a
        ref={link}
        href={whatsappLink(`Hi ${SHOP_FACTS.name}!`)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat on WhatsApp"
        title="Chat on WhatsApp"
        data-over-control={over || undefined}
        className="grid size-12 place-items-center rounded-full bg-whatsapp text-white shadow-lg ring-2 ring-white hover:bg-whatsapp-dark"
      >
        <SocialIcon name="whatsapp" className="size-6" />
      </a>
    </aside>
  );
}
