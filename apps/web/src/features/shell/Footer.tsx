import { Link } from 'react-router';
import { SHOP_FACTS } from '@courtside/shop';
import { Brand } from '../../components/ui/Brand';
import { paths } from '../../config/routes';

/** Contact block, account links, quick links and social links (spec section 2). */
export function Footer() {
  return (
    <footer className="mt-16 bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Brand color="white" width={32} />
          <p className="text-sm">{SHOP_FACTS.tagline}. Cash on delivery across Pakistan.</p>
          <p className="text-sm">
            <a href={`tel:${SHOP_FACTS.phone.replace(/\s/g, '')}`} className="hover:text-white">
              {SHOP_FACTS.phone}
            </a>
            <br />
            <a href={`mailto:${SHOP_FACTS.email}`} className="hover:text-white">
              {SHOP_FACTS.email}
            </a>
          </p>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-bold text-white">Account</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to={paths.myAccount} className="hover:text-white">
                My Account
              </Link>
            </li>
            <li>
              <Link to={paths.login} className="hover:text-white">
                Login / Register
              </Link>
            </li>
            <li>
              <Link to={paths.cart} className="hover:text-white">
                Cart
              </Link>
            </li>
            <li>
              <Link to={paths.wishlist} className="hover:text-white">
                Wishlist
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-bold text-white">Quick Links</h2>
          <ul className="space-y-2 text-sm">
            <li>Privacy Policy</li>
            <li>Term of Use</li>
            <li>FAQ</li>
            <li>Contact</li>
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-bold text-white">Follow us</h2>
          <ul className="flex gap-4 text-sm">
            <li>
              <a
                href={SHOP_FACTS.social.instagram}
                rel="noopener noreferrer"
                target="_blank"
                className="hover:text-white"
              >
                Instagram
              </a>
            </li>
            <li>
              <a
                href={SHOP_FACTS.social.facebook}
                rel="noopener noreferrer"
                target="_blank"
                className="hover:text-white"
              >
                Facebook
              </a>
            </li>
            <li>
              <a
                href={SHOP_FACTS.social.tiktok}
                rel="noopener noreferrer"
                target="_blank"
                className="hover:text-white"
              >
                TikTok
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-xs">
        © {new Date().getFullYear()} {SHOP_FACTS.name}
      </p>
    </footer>
  );
}
