import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBERS_PATH, type NumberRecord } from '@courtside/shop';
import { expectError } from '../support/expect-error.js';
import { guestUser, type SdkUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  denied,
  ids,
  saveSettings,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * What the shop remembers of a number (docs/shop.md, "Numbers and cash on delivery"): its orders
 * across accounts and guest orders, its label by the owner's thresholds, and the owner's blocks
 * and unblocks, each recorded with who and when; admins only, bad input refused in words.
 */

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld({
    env: { PENDING_PAIRS_PER_CUSTOMER: '100', PENDING_PAIRS_PER_PHONE: '100' },
  });
  await saveSettings(w, { delivery_charge: 0, cod_fee: 0 });
});
afterAll(() => w.server.close());

const url = (phones: readonly string[]) => {
  const u = new URL(`${w.server.endpoint}${NUMBERS_PATH}`);
  for (const p of phones) u.searchParams.append('phones[]', p);
  return u;
};
const numbers = (who: SdkUser, phones: readonly string[]) =>
  who.client.call('get', url(phones)) as Promise<{ numbers: NumberRecord[] }>;
const setBlock = (who: SdkUser, body: Record<string, unknown>) =>
  who.client.call(
    'post',
    new URL(`${w.server.endpoint}${NUMBERS_PATH}`),
    { 'content-type': 'application/json' },
    body,
  ) as Promise<NumberRecord>;

const move = (id: string, data: Record<string, unknown>) =>
  w.admin.databases.updateDocument(ids.database, ids.orders, id, data);

/** An order from `who` with this number, taken to `end` the way the owner does it. */
async function orderEnding(
  who: (SdkUser & { me: never }) | ShopWorld['alice'],
  phone: string,
  end: string,
) {
  const p = await createProduct(w, { price: 5_000, disc_price: 0, stock: 3 });
  // By bank transfer: the number's own refusals would refuse it cash on delivery.
  const o = await w.placeOrder(who as ShopWorld['alice'], [cartLine(p)], 5_000, { phone });
  if (end === 'pending') return o;
  if (end === 'cancelled') return move(o.$id, { order_status: 'cancelled' });
  await move(o.$id, { order_status: 'confirmed', courier: 'TCS', tracking_number: '7700112233' });
  if (end === 'shipped-cancelled') return move(o.$id, { order_status: 'cancelled' });
  await move(o.$id, { order_status: 'completed' });
  if (end === 'returned') return move(o.$id, { order_status: 'returned' });
  return o;
}

describe('a number’s history', () => {
  it('counts every account’s and guest’s orders with the number, whatever its form, and labels it', async () => {
    const guest = await guestUser(w.server);
    await orderEnding(w.alice, '0311 1000001', 'completed');
    await orderEnding(guest, '+92 311 1000001', 'completed');
    await orderEnding(w.bob, '03111000001', 'cancelled');
    await orderEnding(w.bob, '0311-1000001', 'pending');
    await orderEnding(w.bob, '0311 1000002', 'returned');
    await orderEnding(guest, '0311 1000003', 'shipped-cancelled');
    await orderEnding(w.alice, '0311 1000003', 'completed');
    await orderEnding(w.alice, '0311 1000003', 'completed');
    const { numbers: got } = await numbers(w.admin, [
      '0311 1000001',
      '+923111000002',
      '0311 1000003',
      '0311 1000004',
      '+92 311 1000001',
    ]);
    expect(got.map((n) => [n.phone, n.delivered, n.refused, n.cancelled, n.label])).toEqual([
      ['+923111000001', 2, 0, 1, 'trusted'],
      ['+923111000002', 0, 1, 0, 'risky'],
      ['+923111000003', 2, 1, 0, 'risky'],
      ['+923111000004', 0, 0, 0, 'new'],
    ]);
    // The owner's thresholds move the labels.
    await saveSettings(w, { risky_at_refusals: 2, trusted_at_deliveries: 3 });
    const after = await numbers(w.admin, ['0311 1000001', '0311 1000002', '0311 1000003']);
    expect(after.numbers.map((n) => n.label)).toEqual(['new', 'new', 'new']);
    await saveSettings(w, { risky_at_refusals: 1, trusted_at_deliveries: 2 });
  });

  it('is for admins only, and bad input is refused in words', async () => {
    await expectError(numbers(w.alice, ['0311 1000001']), denied);
    await expectError(numbers(w.visitor, ['0311 1000001']), denied);
    const bad = { code: 400, type: 'general_argument_invalid' };
    await expectError(numbers(w.admin, []), {
      ...bad,
      message: 'Missing required parameter: "phones"',
    });
    await expectError(numbers(w.admin, ['0311 1000001', '12345']), {
      ...bad,
      message: /Enter a Pakistani mobile number/,
    });
    await expectError(numbers(w.admin, ['x'.repeat(40)]), bad);
    const many = Array.from({ length: 51 }, (_, i) => `0311${String(i).padStart(7, '0')}`);
    await expectError(numbers(w.admin, many), {
      ...bad,
      message: 'Ask for at most 50 numbers at once',
    });
    // 25 (an orders page) at once is fine.
    expect((await numbers(w.admin, many.slice(0, 25))).numbers).toHaveLength(25);
  });
});

describe('blocking a number', () => {
  it('needs a reason, records who and when, and unblocks the same way', async () => {
    const bad = { code: 400, type: 'general_argument_invalid' };
    await expectError(setBlock(w.admin, { phone: '0322 2000001', blocked: true }), {
      ...bad,
      message: /Say why this number is blocked/,
    });
    await expectError(
      setBlock(w.admin, { phone: '0322 2000001', blocked: true, reason: '  ' }),
      bad,
    );
    await expectError(
      setBlock(w.admin, { phone: '0322 2000001', blocked: true, reason: 'x'.repeat(201) }),
      { ...bad, message: 'The reason must be at most 200 characters' },
    );
    await expectError(setBlock(w.admin, { phone: '12', blocked: true, reason: 'r' }), bad);
    await expectError(
      setBlock(w.admin, { phone: '0322 2000001', blocked: 'maybe', reason: 'r' }),
      bad,
    );
    await expectError(setBlock(w.admin, { phone: '0322 2000001', blocked: false }), {
      ...bad,
      message: 'This number is not blocked',
    });
    await expectError(
      setBlock(w.alice, { phone: '0322 2000001', blocked: true, reason: 'r' }),
      denied,
    );

    const blocked = await setBlock(w.admin, {
      phone: '+92 322 2000001',
      blocked: true,
      reason: ' Refused two parcels ',
    });
    const me = await w.admin.account.get();
    expect(blocked).toMatchObject({
      phone: '+923222000001',
      blocked: true,
      reason: 'Refused two parcels',
      label: 'blocked',
      changes: [{ action: 'block', reason: 'Refused two parcels', by: me.$id, by_name: me.name }],
    });
    expect(Date.now() - Date.parse(blocked.changes[0]!.at)).toBeLessThan(60_000);
    await expectError(setBlock(w.admin, { phone: '03222000001', blocked: true, reason: 'again' }), {
      ...bad,
      message: 'This number is already blocked',
    });
    const unblocked = await setBlock(w.admin, {
      phone: '0322-2000001',
      blocked: false,
      reason: 'Paid',
    });
    expect(unblocked).toMatchObject({ blocked: false, reason: null, label: 'new' });
    expect(unblocked.changes.map((c) => [c.action, c.reason])).toEqual([
      ['unblock', 'Paid'],
      ['block', 'Refused two parcels'],
    ]);
    const read = await numbers(w.admin, ['0322 2000001']);
    expect(read.numbers[0]).toEqual(unblocked);
  });

  it('is the server’s to write: the collections are read-only to admins, hidden from customers', async () => {
    await expectError(
      w.admin.databases.createDocument(ids.database, ids.numbers, '923222000009', {
        phone: '+923222000009',
        blocked: true,
      }),
      { code: 401, type: 'user_unauthorized' },
    );
    await expectError(w.alice.databases.listDocuments(ids.database, ids.numberChanges), {
      code: 401,
      type: 'user_unauthorized',
    });
    const list = await w.admin.databases.listDocuments(ids.database, ids.numbers);
    expect(list.documents.map((d) => d.$id)).toContain('923222000001');
  });
});
