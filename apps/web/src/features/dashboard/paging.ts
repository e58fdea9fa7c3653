/** `total` is counted up to 5000 (docs/protocol.md §5.5): pages beyond it cannot be reached. */
export const MAX_TOTAL = 5000;

/** How many pages of `size` a list of `total` fills; always at least one. */
export const pageCount = (total: number, size: number) =>
  Math.max(1, Math.ceil(Math.min(total, MAX_TOTAL) / size));

/** The page an address asks for (`?page=`), from 1; anything else is page 1. */
export function pageParam(value: string | null, size: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= pageCount(MAX_TOTAL, size) ? n : 1;
}
