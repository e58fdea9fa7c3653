import { brandOfLine, categoryLabel, isCategory } from '@courtside/shop';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/routes';
import { BrowseList } from '../../entities/browse/BrowseList';
import { NotFoundPage } from '../../components/ui/NotFoundPage';
import { usePageTitle } from '../../lib/page-title';

const EMPTY = 'No pairs in this category yet';

/**
 * The pairs of one shoe line (docs/shop.md §2, D12), with the shop's filters and sort, 24 at a
 * time: "N pairs" counts what the filters match. A line of a brand links to the brand's page.
 */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const known = isCategory(slug);
  usePageTitle(known ? categoryLabel(slug) : undefined);
  if (!known) return <NotFoundPage />;
  const brand = brandOfLine(slug);
  return (
    <BrowseList
      key={slug}
      lines={[slug]}
      eyebrow="Category"
      title={categoryLabel(slug)}
      label={`${categoryLabel(slug)} shoes`}
      emptyText={EMPTY}
      intro={
        brand && brand.slug !== slug ? (
          <p className="text-sm text-muted">
            A {brand.label} line.{' '}
            <Link to={paths.brand(brand.slug)} className="font-semibold text-court-dark underline">
              Every {brand.label} pair
            </Link>
          </p>
        ) : null
      }
    />
  );
}
