import type { StatusTone } from '@courtside/shop';

/** An order status's colour (docs/shop.md §4): completed blue, confirmed green, pending
 * red, cancelled grey, returned amber. */
export const STATUS_TONE_CLASSES: Record<StatusTone, string> = {
  red: 'bg-red-50 text-red-700 ring-red-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  blue: 'bg-blue-50 text-blue-700 ring-blue-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-300',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
};
