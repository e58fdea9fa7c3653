/** One row of the header search's dropdown. */
export const SEARCH_ROW = 'flex items-center gap-3 px-3 py-2';

/** Three grey rows where results will be. */
export function SkeletonRows() {
  return (
    <ul aria-label="Loading results" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className={SEARCH_ROW}>
          <span className="size-10 animate-pulse rounded bg-slate-100" />
          <span className="h-3.5 flex-1 animate-pulse rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
