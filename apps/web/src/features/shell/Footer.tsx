import { shopPhoneText, sizeExchangeNote } from '@courtside/shop';
import { Link } from 'react-router';
import { Brand } from '../../components/ui/Brand';
import { paths } from '../../config/routes';
import { useShopFacts } from '../../lib/shop-facts';
import { socialLinks, SocialIcon } from './icons';
import { Subscribe } from './Subscribe';

const ACCOUNT = [
  { to: paths.myAccount, label: 'My Account' },
  { to: paths.login, label: 'Sign in / Register' },
  { to: paths.cart, label: 'Cart' },
  { to: paths.wishlist, label: 'Wishlist' },
];

/** The shop's own pages, whose text the owner edits (packages/shop info-pages.ts). */
const QUICK = [
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Use' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.sizeExchange, label: 'Size Exchange' },
];

/** Contact block, account links, quick links, subscribe box and social links (docs/shop.md §2). */
export function Footer() {
  const facts = useShopFacts();
  return (
    <footer className="mt-16 bg-ink text-slate-300">
      {/* From `md` the floating WhatsApp button (FloatingLinks) has a lane of its own at the
          right, so it never sits on the subscribe box or a link; on phones the last line leaves
          room below it for the button, which floats just above the bottom bar. */}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 md:pr-20 lg:grid-cols-[1.3fr_1fr_1fr_1.6fr]">
        <div className="space-y-3">
          <Brand color="white" width={32} />
          <p className="text-sm">{facts.tagline}. Cash on delivery across Pakistan.</p>
          <address className="space-y-1 text-sm not-italic">
            <p>{facts.address}</p>
            <p>
              <a href={`tel:${facts.phone}`} className="hover:text-white">
                {shopPhoneText(facts)}
              </a>
            </p>
            <p>
              <a href={`mailto:${facts.email}`} className="hover:text-white">
                {facts.email}
              </a>
            </p>
          </address>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-bold text-white">Account</h2>
          <ul className="space-y-2 text-sm">
            {ACCOUNT.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-bold text-white">Quick Links</h2>
          <ul className="space-y-2 text-sm">
            {QUICK.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-5">
          <Subscribe />
          <ul className="flex gap-3" aria-label="Follow us">
            {socialLinks(facts).map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={s.label}
                  className="grid size-10 place-items-center rounded-full bg-white/10 text-white hover:bg-court"
                >
                  <SocialIcon name={s.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 px-4 pt-5 pb-20 text-center text-xs text-slate-400 md:pb-5">
        © {new Date().getFullYear()} {facts.name}. {sizeExchangeNote(facts.exchange_days)} Every
        pair is checked before it ships.
      </p>
    </footer>
  );
}
