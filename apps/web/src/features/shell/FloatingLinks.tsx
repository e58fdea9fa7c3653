import { shopWhatsappLink } from '@courtside/shop';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/routes';
import { useShopFacts } from '../../lib/shop-facts';
import { socialLinks, SocialIcon } from './icons';
import { useOverControl } from './use-over-control';

/** Pages whose own controls sit where the button would: the checkout form and the account area. */
const HIDDEN_ON = [paths.checkout, '/account/'];

/**
 * The floating chat and social links (docs/shop.md §2, D14), bottom-right on every storefront
 * page: below 1440 px only the WhatsApp button (on phones just above the bottom bar), the social
 * pages being in the footer; from 1440 px, where the page's column leaves an empty margin beside
 * it, the social pages above the button too. They hide no content: the footer leaves room for
 * them at the end of the page, and while a control, a price, a total or a badge scrolls under
 * their place, the links slide off the screen's edge and come back once it has passed. Their
 * place (the `aside`) stays put while they are away, so it is what is checked. On a product page
 * on a phone they are not shown: its buy bar, stuck above the bottom bar, carries the chat.
 */
export function FloatingLinks() {
  const { pathname } = useLocation();
  const place = useRef<HTMLElement>(null);
  const over = useOverControl(place, pathname);
  const facts = useShopFacts();
  if (HIDDEN_ON.some((p) => pathname === p || pathname.startsWith(p))) return null;
  const away = over ? 'translate-x-[calc(100%+1rem)] opacity-0' : 'pointer-events-auto';
  // A product page's buy bar carries the chat on phones, where the button would sit on the bar.
  const inBuyBar = pathname.startsWith(paths.product(''));
  return (
    <aside
      ref={place}
      aria-label="Chat and social links"
      inert={over}
      data-over-control={over || undefined}
      className={`${inBuyBar ? 'max-sm:hidden' : ''} pointer-events-none fixed right-4 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 grid justify-items-center gap-2 md:bottom-4`}
    >
      {socialLinks(facts).map((s) => (
        <a
          key={s.name}
          href={s.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={s.label}
          title={s.label}
          className={`hidden size-10 place-items-center rounded-full bg-white text-ink shadow-md ring-1 ring-line transition duration-200 hover:text-court-dark min-[1440px]:grid ${away}`}
        >
          <SocialIcon name={s.name} className="size-5" />
        </a>
      ))}
      <a
        href={shopWhatsappLink(facts, `Hi ${facts.name}!`)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat on WhatsApp"
        title="Chat on WhatsApp"
        className={`grid size-12 place-items-center rounded-full bg-whatsapp text-white shadow-lg ring-2 ring-white transition duration-200 hover:bg-whatsapp-dark ${away}`}
      >
        <SocialIcon name="whatsapp" className="size-6" />
      </a>
    </aside>
  );
}
