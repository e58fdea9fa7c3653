import { Button } from '../../components/ui/Button';

/** The most a list's total counts (docs/protocol.md §5.5): past it, the last page is not known. */
const TOTAL_CAP = 5000;

/**
 * Newer and Older around "Page 2 of 7" under a paged list; nothing when one page holds it all.
 * The page itself lives in the address, so the back button returns to the page before.
 */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  const go = (next: number) => {
    onPage(next);
    window.scrollTo({ top: 0 });
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
      <Button variant="ghost" disabled={page <= 1} onClick={() => go(page - 1)}>
        ‹ Newer
      </Button>
      <p className="text-sm text-muted tabular-nums" aria-live="polite">
        Page {page} of {pages}
        {total >= TOTAL_CAP ? '+' : ''}
      </p>
      <Button variant="ghost" disabled={page >= pages} onClick={() => go(page + 1)}>
        Older ›
      </Button>
    </nav>
  );
}
