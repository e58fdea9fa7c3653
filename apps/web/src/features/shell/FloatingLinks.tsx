import { SHOP_FACTS, whatsappLink } from '@courtside/shop';
import { SocialIcon } from './icons';

const LINKS = [
  {
    name: 'instagram',
    label: 'Instagram',
    href: SHOP_FACTS.social.instagram,
    tint: 'bg-gradient-to-br from-fuchsia-600 to-orange-500',
  },
  { name: 'facebook', label: 'Facebook', href: SHOP_FACTS.social.facebook, tint: 'bg-[#1877f2]' },
] as const;

/** WhatsApp chat and social links, fixed bottom-right on wider screens (spec section 2, D14). */
export function FloatingLinks() {
  return (
    <aside
      aria-label="Chat and social"
      className="fixed bottom-6 right-6 z-30 hidden flex-col items-center gap-3 sm:flex"
    >
      {LINKS.map((l) => (
        <a
          key={l.name}
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={l.label}
          className={`grid size-11 place-items-center rounded-full text-white shadow-lg hover:scale-105 ${l.tint}`}
        >
          <SocialIcon name={l.name} />
        </a>
      ))}
      <a
        href={whatsappLink(`Hi ${SHOP_FACTS.name}!`)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat on WhatsApp"
        className="grid size-14 place-items-center rounded-full bg-[#15803d] text-white shadow-lg hover:scale-105"
      >
        <SocialIcon name="whatsapp" className="size-7" />
      </a>
    </aside>
  );
}
