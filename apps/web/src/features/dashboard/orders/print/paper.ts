import { paths } from '../../../../config/routes';

/** The papers a slip prints on: an office printer's A4, or an 80 mm thermal receipt roll. */
export const PAPERS = [
  { value: 'a4', label: 'A4' },
  { value: 'receipt', label: '80 mm receipt' },
] as const;

export type Paper = (typeof PAPERS)[number]['value'];

/** The `paper` of a print link; A4 unless it names the receipt roll. */
export const paperOf = (value: string | null): Paper => (value === 'receipt' ? 'receipt' : 'a4');

/** The order ids of a print link's `orders` (comma-separated), without blanks. */
export const orderIdsOf = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** The print page for these orders, on this paper. */
export function printPath(orderIds: readonly string[], paper: Paper = 'a4'): string {
  const query = new URLSearchParams({ orders: orderIds.join(',') });
  if (paper !== 'a4') query.set('paper', paper);
  return `${paths.dashboard.print}?${query.toString().replace(/%2C/g, ',')}`;
}

/** CSS pixels per millimetre (96 per inch). */
const PX_PER_MM = 96 / 25.4;

/**
 * The `@page` rules of receipts: 80 mm wide, each exactly as long as its slip (`heights` in CSS
 * pixels), so a thermal printer feeds no blank paper. Slip `i` prints on page `receipt-i`.
 */
export function receiptPageRules(heights: readonly number[]): string {
  if (heights.length === 0) return '';
  const pages = heights.map(
    (h, i) =>
      `@page receipt-${i} { size: 80mm ${Math.ceil(h / PX_PER_MM) + 10}mm; margin: 3mm 0; }`,
  );
  // Whatever else the document holds prints on the first slip's page: no sheet of another size.
  return [...pages, 'body:has(.slip-receipt) { page: receipt-0; }'].join('\n');
}
