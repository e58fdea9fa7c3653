import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IDS,
  PAYMENT_PROOF_EXTENSIONS,
  PAYMENT_PROOF_MAX_BYTES,
  PAYMENT_PROOFS_BUCKET,
  PAYMENT_STATES,
} from '@courtside/shop';
import { shopSchema } from '../../src/shop/schema.js';

/** The schema holds what packages/shop says of payments (payments.ts): one rule, two places. */
describe('the payment_proofs bucket and the payment attributes', () => {
  const schema = shopSchema(DEFAULT_IDS);

  it('keeps screenshots private (file security), pictures only, at most the shared size', () => {
    const bucket = schema.buckets.find((b) => b.$id === PAYMENT_PROOFS_BUCKET)!;
    expect(bucket).toMatchObject({
      fileSecurity: true,
      maximumFileSize: PAYMENT_PROOF_MAX_BYTES,
      allowedFileExtensions: [...PAYMENT_PROOF_EXTENSIONS],
    });
    // Anyone signed in (a guest's anonymous session too) uploads; only the owner reads them all.
    expect(bucket.$permissions).toEqual([
      'create("users")',
      'read("label:admin")',
      'update("label:admin")',
      'delete("label:admin")',
    ]);
  });

  it('gives orders the payment state the shop knows', () => {
    const orders = schema.collections.find((c) => c.$id === DEFAULT_IDS.orders)!;
    const state = orders.attributes.find((a) => a.key === 'payment_state') as unknown as {
      elements: string[];
    };
    expect(state.elements).toEqual([...PAYMENT_STATES]);
    const keys = orders.attributes.map((a) => a.key);
    for (const key of ['payment_proof', 'paid_amount', 'paid_reference', 'paid_at']) {
      expect(keys).toContain(key);
    }
  });
});
