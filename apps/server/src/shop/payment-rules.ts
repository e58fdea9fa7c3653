import {
  canOwnerMovePayment,
  cleanPaidReference,
  isPaymentState,
  paidAmountProblem,
  paymentMoveMessage,
  paymentStateOf,
  PAYMENT_MESSAGES,
  PAYMENT_STATES,
  type PaymentType,
} from '@courtside/shop';
import type { StoredDocument } from '../modules/databases/contract.js';
import { toIso } from '../tools/dates.js';
import { shopError } from './errors.js';

const invalid = (message: string) => shopError('shop_order_invalid', message);

/** The payment fields the server alone sets on a new order (a client may send only null). */
export const PAYMENT_FIELDS = new Set([
  'payment_state',
  'payment_proof',
  'paid_amount',
  'paid_reference',
  'paid_at',
]);

/** What the owner's update may send about the payment; paid_at and the proof are the server's. */
export const OWNER_PAYMENT_FIELDS = ['payment_state', 'paid_amount', 'paid_reference'] as const;

/** A new order's payment: a bank transfer starts unpaid, cash on delivery has none. */
export const newOrderPayment = (payment: PaymentType) => ({
  payment_state: payment === 'Bank' ? 'unpaid' : null,
  payment_proof: null,
  paid_amount: null,
  paid_reference: null,
  paid_at: null,
});

const differs = (current: StoredDocument, data: Record<string, unknown>, key: string) =>
  key in data && JSON.stringify(current[key] ?? null) !== JSON.stringify(data[key] ?? null);

/**
 * The payment part of the owner's update, checked (docs/shop.md §4): marking a bank order paid
 * needs the amount received (whole rupees above 0) and the bank's reference (1..80 characters),
 * and records when; a paid order may become refunded; a screenshot to check may be turned down
 * (back to unpaid). The same values sent again change nothing; {} when the patch leaves it.
 */
export function paymentPatch(
  current: StoredDocument,
  data: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  if (!OWNER_PAYMENT_FIELDS.some((key) => differs(current, data, key))) return {};
  const from = paymentStateOf(current);
  if (from === null) throw invalid(PAYMENT_MESSAGES.notBankOwner);
  const to = 'payment_state' in data ? data.payment_state : from;
  if (!isPaymentState(to)) {
    throw invalid(`The payment state must be one of ${PAYMENT_STATES.join(', ')}`);
  }
  if (!canOwnerMovePayment(from, to)) throw invalid(paymentMoveMessage(from, to));
  if (to === 'paid') {
    const amount = 'paid_amount' in data ? data.paid_amount : current.paid_amount;
    const amountProblem = paidAmountProblem(amount);
    if (amountProblem) throw invalid(amountProblem);
    const reference = cleanPaidReference(
      'paid_reference' in data ? data.paid_reference : current.paid_reference,
    );
    if (!reference) throw invalid(PAYMENT_MESSAGES.reference);
    return {
      payment_state: 'paid',
      paid_amount: amount,
      paid_reference: reference,
      paid_at: from === 'paid' && current.paid_at ? current.paid_at : toIso(now),
    };
  }
  if (differs(current, data, 'paid_amount') || differs(current, data, 'paid_reference')) {
    throw invalid('The amount and reference are recorded when the order is marked paid');
  }
  return { payment_state: to };
}
