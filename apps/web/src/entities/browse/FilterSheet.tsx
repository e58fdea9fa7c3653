import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { FilterPanel, type ListScope } from './FilterPanel';
import { activeFilterCount } from './filters';
import type { BrowseFiltersState } from './use-browse-filters';

/** The filters on a phone: a sheet whose button shows how many pairs they leave. */
export function FilterSheet(p: {
  state: BrowseFiltersState;
  scope: ListScope;
  count: string | null;
  onClose: () => void;
}) {
  const { filters, change, clear } = p.state;
  return (
    <Sheet
      title="Filters"
      onClose={p.onClose}
      footer={
        <>
          <Button variant="ghost" onClick={clear} disabled={activeFilterCount(filters) === 0}>
            Clear all
          </Button>
          <Button className="flex-1" onClick={p.onClose} aria-live="polite">
            {p.count ? `Show ${p.count}` : 'Show pairs'}
          </Button>
        </>
      }
    >
      <FilterPanel filters={filters} change={change} scope={p.scope} />
    </Sheet>
  );
}
