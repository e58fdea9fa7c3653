import { describe, expect, it } from 'vitest';
import {
  canOwnerMovePayment,
  cleanPaidReference,
  paidAmountProblem,
  paymentMoveMessage,
  paymentProofProblem,
  paymentStateOf,
  PAYMENT_PROOF_MAX_BYTES,
} from '../src/index.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);

describe('payment state', () => {
  it('is none for cash on delivery, unpaid for a bank order without one', () => {
    expect(paymentStateOf({ payment_type: 'COD', payment_state: 'paid' })).toBeNull();
    expect(paymentStateOf({ payment_type: 'Bank' })).toBe('unpaid');
    expect(paymentStateOf({ payment_type: 'Bank', payment_state: 'bogus' })).toBe('unpaid');
    expect(paymentStateOf({ payment_type: 'Bank', payment_state: 'proof_sent' })).toBe(
      'proof_sent',
    );
  });

  it("moves by the owner's hand only as a payment can", () => {
    expect(canOwnerMovePayment('unpaid', 'paid')).toBe(true);
    expect(canOwnerMovePayment('proof_sent', 'paid')).toBe(true);
    expect(canOwnerMovePayment('proof_sent', 'unpaid')).toBe(true);
    expect(canOwnerMovePayment('paid', 'refunded')).toBe(true);
    expect(canOwnerMovePayment('paid', 'paid')).toBe(true);
    expect(canOwnerMovePayment('unpaid', 'refunded')).toBe(false);
    expect(canOwnerMovePayment('unpaid', 'proof_sent')).toBe(false);
    expect(canOwnerMovePayment('refunded', 'paid')).toBe(false);
    expect(canOwnerMovePayment('paid', 'unpaid')).toBe(false);
    expect(paymentMoveMessage('refunded', 'paid')).toBe(
      'A payment that is refunded cannot be marked paid: it stays as it is',
    );
  });
});

describe("the owner's record", () => {
  it('takes whole rupees above 0 and a reference of 1 to 80 characters', () => {
    expect(paidAmountProblem(15_000)).toBeNull();
    for (const bad of [0, -1, 1.5, '100', null, undefined, Number.NaN, 2e9]) {
      expect(paidAmountProblem(bad)).toMatch(/whole rupees/);
    }
    expect(cleanPaidReference('  MZN   123 ')).toBe('MZN 123');
    expect(cleanPaidReference('x'.repeat(80))).toHaveLength(80);
    for (const bad of ['', '   ', 'x'.repeat(81), 42, null])
      expect(cleanPaidReference(bad)).toBeNull();
  });
});

describe('a chosen screenshot', () => {
  it('is a picture by its bytes, whatever its name, and at most 5 MB', () => {
    expect(paymentProofProblem({ size: 2000 }, PNG)).toBeNull();
    expect(paymentProofProblem({ size: 2000 }, JPEG)).toBeNull();
    expect(paymentProofProblem({ size: 2000 }, new TextEncoder().encode('hello there'))).toMatch(
      /must be a picture/,
    );
    expect(paymentProofProblem({ size: 0 }, PNG)).toMatch(/empty/);
    expect(paymentProofProblem({ size: PAYMENT_PROOF_MAX_BYTES + 1 }, PNG)).toMatch(
      /larger than 5 MB/,
    );
  });
});
