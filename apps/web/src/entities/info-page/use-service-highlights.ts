import { HIGHLIGHTS_ID, readHighlights, type Highlight } from '@courtside/shop';
import { useInfoTextQuery } from './info-pages-api';

/**
 * The home page's service highlights as the owner saved them, each box never saved at its
 * default (D33); undefined while they load, null when they could not be read (no promise is
 * better than one the owner took back).
 */
export function useServiceHighlights(): Highlight[] | undefined | null {
  const { data, isError } = useInfoTextQuery(HIGHLIGHTS_ID);
  if (data === undefined) return isError ? null : undefined;
  return readHighlights(data?.body);
}
