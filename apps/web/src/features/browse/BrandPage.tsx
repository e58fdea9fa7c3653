import { brandBySlug, categoryLabel } from '@courtside/shop';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/NotFoundPage';
import { paths } from '../../config/routes';
import { BrowseList } from '../../entities/browse/BrowseList';
import { usePageTitle } from '../../lib/page-title';

const EMPTY = 'No pairs of this brand yet';

/**
 * A brand's pairs: every line it makes (Nike: Kobe, Kyrie, KD, ...), not only the category
 * named after it, with the shop's filters and sort; its lines link to their own pages.
 */
export function BrandPage() {
  const { slug = '' } = useParams();
  const brand = brandBySlug(slug);
  usePageTitle(brand ? brand.label : undefined);
  if (!brand) return <NotFoundPage />;
  const lines = brand.lines.filter((l) => l !== brand.slug);
  return (
    <BrowseList
      key={brand.slug}
      lines={brand.lines}
      eyebrow="Brand"
      title={brand.label}
      label={`${brand.label} shoes`}
      emptyText={EMPTY}
      intro={
        lines.length > 0 ? (
          <nav aria-label={`${brand.label} lines`}>
            <ul className="flex flex-wrap gap-2">
              {lines.map((line) => (
                <li key={line}>
                  <Link
                    to={paths.category(line)}
                    className="inline-flex min-h-9 items-center rounded-full border border-line bg-white px-3 text-sm font-semibold hover:border-ink-soft"
                  >
                    {categoryLabel(line)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null
      }
    />
  );
}
