import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '../../components/product/ProductImage';
import { paths } from '../../config/routes';
import { useSearchProductsQuery } from '../../entities/product/products-api';
import { SEARCH_ROW as ROW, SkeletonRows } from './search-rows';

/** How long typing pauses before the suggestions are asked for. */
export const SUGGEST_DELAY_MS = 250;

/** `value`, once it has stayed the same for `ms` (a first value waits too). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? '' : settled;
}

/**
 * The dropdown's content once something is typed: skeleton rows (while typing and loading), an
 * error, no match, or the best matches and a link to all of them. Its code loads when the box is
 * first touched (SearchBox), off the first load.
 */
function SearchResults({ term }: { term: string }) {
  const settled = useSettled(term, SUGGEST_DELAY_MS);
  const { data, isFetching, isError } = useSearchProductsQuery(settled, { skip: settled === '' });
  if (isFetching || settled !== term) return <SkeletonRows />;
  if (isError) {
    return (
      <p className="px-3 py-4 text-sm text-danger">
        Search is not working right now. Please try again in a minute.
      </p>
    );
  }
  if (!data || data.length === 0) {
    return <p className="px-3 py-4 text-sm text-muted">Your search did not match any Product</p>;
  }
  return (
    <ul>
      {data.map((p) => (
        <li key={p.$id}>
          <Link
            data-result
            to={paths.product(p.$id)}
            className={`${ROW} hover:bg-paper focus:bg-paper`}
          >
            <ProductImage
              fileId={p.image}
              alt=""
              sizes="40px"
              widths={[80]}
              className="size-10 shrink-0 rounded"
            />
            <span className="line-clamp-2 text-sm font-medium">{p.title}</span>
          </Link>
        </li>
      ))}
      <li className="border-t border-line">
        <Link
          data-result
          to={paths.searchFor(term)}
          className={`${ROW} text-sm font-semibold text-court-dark hover:bg-paper focus:bg-paper`}
        >
          See all results for “{term}”
        </Link>
      </li>
    </ul>
  );
}

/** The results for `term`, as the header search's dropdown shows them. */
export const searchResults = (term: string) => <SearchResults term={term} />;
