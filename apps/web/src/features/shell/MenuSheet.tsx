import { BRANDS, categoryLabel } from '@courtside/shop';
import { Link } from 'react-router';
import { Sheet } from '../../components/ui/Sheet';
import { paths } from '../../config/routes';

/** Sizes the menu offers as shortcuts to every pair in that size. */
const MENU_SIZES = [40, 41, 42, 42.5, 43, 44, 44.5, 45, 46];

const row = 'flex min-h-11 items-center justify-between px-1 text-base font-bold';
const pill =
  'inline-flex min-h-9 items-center rounded-full border border-line bg-white px-3 text-sm font-semibold';

/** The phone menu's sheet (PhoneMenu.tsx): every pair, the brands and their lines, sizes. */
export function MenuSheet({ onClose }: { onClose: () => void }) {
  return (
    <Sheet title="Menu" side="left" onClose={onClose}>
      <nav aria-label="Shop" className="space-y-6">
        <Link to={paths.shop} className={`${row} rounded-card bg-ink px-4 text-white`}>
          All shoes <span aria-hidden="true">›</span>
        </Link>
        <section aria-labelledby="menu-brands" className="space-y-3">
          <h3 id="menu-brands" className="text-xs font-bold uppercase tracking-wider text-muted">
            Brands
          </h3>
          <ul className="divide-y divide-line">
            {BRANDS.map((brand) => (
              <li key={brand.slug} className="py-2">
                <Link to={paths.brand(brand.slug)} className={row}>
                  {brand.label} <span aria-hidden="true">›</span>
                </Link>
                {brand.lines.some((l) => l !== brand.slug) && (
                  <ul className="flex flex-wrap gap-1.5 pb-1" aria-label={`${brand.label} lines`}>
                    {brand.lines
                      .filter((l) => l !== brand.slug)
                      .map((line) => (
                        <li key={line}>
                          <Link to={paths.category(line)} className={pill}>
                            {categoryLabel(line)}
                          </Link>
                        </li>
                      ))}
                  </ul>
                )}
              </li>
            ))}
            <li className="py-2">
              <Link to={paths.category('other')} className={row}>
                Other brands <span aria-hidden="true">›</span>
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="menu-sizes" className="space-y-3">
          <h3 id="menu-sizes" className="text-xs font-bold uppercase tracking-wider text-muted">
            Shop your size (EUR)
          </h3>
          <ul className="flex flex-wrap gap-1.5">
            {MENU_SIZES.map((size) => (
              <li key={size}>
                <Link
                  to={`${paths.shop}?size=${size}`}
                  aria-label={`Every pair in EUR ${size}`}
                  className={`${pill} tabular-nums`}
                >
                  {size}
                </Link>
              </li>
            ))}
          </ul>
          <Link to={paths.sizes} className={row}>
            Size guide <span aria-hidden="true">›</span>
          </Link>
        </section>
      </nav>
    </Sheet>
  );
}
