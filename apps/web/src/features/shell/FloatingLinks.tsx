import { SHOP_FACTS, whatsappLink } from '@courtside/shop';
import { useLocation } from 'react-router';
import { paths } from '../../config/routes';
import { SocialIcon } from './icons';

/** Pages whose own controls sit where the button would: the checkout form and the account area. */
const HIDDEN_ON = [paths.checkout, '/account/'];

/**
 * The floating WhatsApp chat link, fixed bottom-right on wider screens (docs/shop.md §2, D14): one
 * small button, so it hides no content; the social links are in the footer.
 */
export function FloatingLinks() {
  const { pathname } = useLocation();
  if (HIDDEN_ON.some((p) => pathname === p || pathname.startsWith(p))) return null;
  return (
    <aside aria-label="Chat" className="fixed bottom-4 right-4 z-30 hidden md:block">
      <a
        href={whatsappLink(`Hi ${SHOP_FACTS.name}!`)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat on WhatsApp"
        title="Chat on WhatsApp"
        className="grid size-12 place-items-center rounded-full bg-[#15803d] text-white shadow-lg ring-2 ring-white hover:bg-[#166534]"
      >
        <SocialIcon name="whatsapp" className="size-6" />
      </a>
    </aside>
  );
}
