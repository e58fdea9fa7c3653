/**
 * The orders list's views of what needs the owner (`/dashboard/orders?view=awaiting`), each
 * counted on the Overview and above the list: cash-on-delivery orders whose buyer has not yet
 * answered the confirmation link, orders the buyer confirmed (to pack and ship), bank transfers
 * whose payment screenshot waits to be checked, and open orders from numbers marked risky.
 */
export const ORDER_VIEWS = ['awaiting', 'buyer-confirmed', 'proof', 'risky'] as const;

export type OrderView = (typeof ORDER_VIEWS)[number];

export const ORDER_VIEW_TEXT: Readonly<
  Record<OrderView, { label: string; note: string; empty: string }>
> = {
  awaiting: {
    label: 'Awaiting buyer',
    note: 'Cash on delivery, not yet confirmed by the buyer',
    empty: 'No order is waiting for its buyer to confirm.',
  },
  'buyer-confirmed': {
    label: 'Confirmed by buyer',
    note: 'Confirmed with the link: ready to pack and ship',
    empty: 'No confirmed order is waiting to be shipped.',
  },
  proof: {
    label: 'Proof to check',
    note: 'Payment screenshots to compare with the account',
    empty: 'No payment screenshot is waiting to be checked.',
  },
  risky: {
    label: 'Risky',
    note: 'Open orders from numbers that refused parcels or are blocked',
    empty: 'No open order comes from a risky number.',
  },
};

export const isOrderView = (value: unknown): value is OrderView =>
  typeof value === 'string' && (ORDER_VIEWS as readonly string[]).includes(value);
