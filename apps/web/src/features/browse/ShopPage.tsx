import { BrowseList } from '../../entities/browse/BrowseList';
import { usePageTitle } from '../../lib/page-title';

/** Every pair in the shop, with the filters and sort of every list (docs/shop.md §2). */
export function ShopPage() {
  usePageTitle('All shoes');
  return (
    <BrowseList
      lines={null}
      eyebrow="Shop"
      title="All shoes"
      label="All shoes"
      emptyText="No shoes in the shop yet"
    />
  );
}
