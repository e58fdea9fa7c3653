import { IMAGE_EXTENSIONS } from './constants.js';
import { pictureFormat } from './picture-files.js';
import type { StatusTone } from './order-status.js';

/**
 * Paying in advance (bank or wallet transfer, docs/shop.md §4): an order's payment state, apart
 * from its status. A new bank-transfer order is `unpaid`; the buyer's screenshot makes it
 * `proof_sent`; the owner, having checked the account, marks it `paid` with the amount and the
 * bank's reference, and a paid order may later be `refunded`. Cash-on-delivery orders have none.
 */
export const PAYMENT_STATES = ['unpaid', 'proof_sent', 'paid', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const isPaymentState = (value: unknown): value is PaymentState =>
  typeof value === 'string' && (PAYMENT_STATES as readonly string[]).includes(value);

/** The state of an order's payment: null for cash on delivery; a bank order without one is unpaid. */
export function paymentStateOf(order: object): PaymentState | null {
  const o = order as { payment_type?: unknown; payment_state?: unknown };
  if (o.payment_type !== 'Bank') return null;
  return isPaymentState(o.payment_state) ? o.payment_state : 'unpaid';
}

/** Where each state may go by the owner's hand (a screenshot is the buyer's to send). */
export const OWNER_PAYMENT_MOVES: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  unpaid: ['paid'],
  // "Not received": the screenshot did not match a payment; the buyer may send another.
  proof_sent: ['paid', 'unpaid'],
  paid: ['refunded'],
  refunded: [],
};

export const canOwnerMovePayment = (from: PaymentState, to: PaymentState) =>
  from === to || OWNER_PAYMENT_MOVES[from].includes(to);

/** The dashboard's words and colours for each state. */
export const DASHBOARD_PAYMENT: Readonly<
  Record<PaymentState, { label: string; tone: StatusTone }>
> = {
  unpaid: { label: 'Not paid yet', tone: 'red' },
  proof_sent: { label: 'Proof to check', tone: 'amber' },
  paid: { label: 'Paid', tone: 'green' },
  refunded: { label: 'Refunded', tone: 'grey' },
};

/** What the buyer sees. */
export const CUSTOMER_PAYMENT: Readonly<Record<PaymentState, { label: string; tone: StatusTone }>> =
  {
    unpaid: { label: 'Not paid yet', tone: 'red' },
    proof_sent: { label: 'Screenshot sent, being checked', tone: 'amber' },
    paid: { label: 'Paid', tone: 'green' },
    refunded: { label: 'Refunded', tone: 'grey' },
  };

/** The storage bucket of payment screenshots (apps/server/src/shop/appwrite.json). */
export const PAYMENT_PROOFS_BUCKET = 'payment_proofs';

/** The largest screenshot the bucket takes (its maximumFileSize). */
export const PAYMENT_PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** POST here with { fileId }: the buyer's screenshot goes on their bank-transfer order. */
export const paymentProofPath = (orderId: string) =>
  `/shop/orders/${encodeURIComponent(orderId)}/payment-proof`;

/** The same route as the server registers it. */
export const PAYMENT_PROOF_ROUTE = '/shop/orders/:orderId/payment-proof';

/** The longest bank reference (transaction id) the owner may record. */
export const PAID_REFERENCE_MAX = 80;

export const PAYMENT_MESSAGES = Object.freeze({
  notYourOrder: 'We found no such order of yours. Please open it from My Orders.',
  notBank: 'This order is paid on delivery: it needs no payment screenshot.',
  orderClosed: 'This order is no longer open, so it takes no payment screenshot.',
  alreadyPaid: 'This order is already marked paid: there is no need to send a screenshot.',
  notYourFile: 'This screenshot was not uploaded from your account. Please upload it again.',
  notPicture: 'The screenshot must be a picture (PNG, JPG or WebP). Please choose another file.',
  amount: 'The amount received is whole rupees, more than 0',
  reference: `The reference (the bank's transaction id) is 1 to ${PAID_REFERENCE_MAX} characters`,
  paymentFields: 'Only the owner marks an order paid or refunded',
  notBankOwner: 'A cash-on-delivery order has no advance payment to mark',
  proofByBuyer: 'Only the buyer sends a payment screenshot',
});

/** Why `from` cannot become `to` by the owner's hand, in words for the owner. */
export function paymentMoveMessage(from: PaymentState, to: PaymentState): string {
  const name = (s: PaymentState) => DASHBOARD_PAYMENT[s].label.toLowerCase();
  if (to === 'proof_sent') return PAYMENT_MESSAGES.proofByBuyer;
  const next = OWNER_PAYMENT_MOVES[from];
  const allowed =
    next.length === 0 ? 'it stays as it is' : `it can become ${next.map(name).join(' or ')}`;
  return `A payment that is ${name(from)} cannot be marked ${name(to)}: ${allowed}`;
}

/** The amount the owner received: whole rupees above 0, else the reason. */
export function paidAmountProblem(value: unknown): string | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 1_000_000_000
    ? null
    : PAYMENT_MESSAGES.amount;
}

/** The bank's reference as kept (trimmed), or null when it is not 1..80 characters. */
export function cleanPaidReference(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/\s+/g, ' ');
  return text.length >= 1 && text.length <= PAID_REFERENCE_MAX ? text : null;
}

const MB = 1024 * 1024;

/**
 * Why a chosen file cannot be a payment screenshot, in words for the buyer, or null when it can:
 * its size and what its first bytes are (a phone's gallery may name a picture anything).
 */
export function paymentProofProblem(file: { size: number }, head: Uint8Array): string | null {
  if (file.size === 0) return 'This file is empty. Please choose the screenshot again.';
  if (file.size > PAYMENT_PROOF_MAX_BYTES) {
    return `This file is larger than ${PAYMENT_PROOF_MAX_BYTES / MB} MB. Please send a screenshot instead of a photo.`;
  }
  if (!pictureFormat(head)) return PAYMENT_MESSAGES.notPicture;
  return null;
}

/** The extensions the screenshots' bucket allows. */
export const PAYMENT_PROOF_EXTENSIONS = IMAGE_EXTENSIONS;
