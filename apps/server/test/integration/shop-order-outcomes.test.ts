import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHARGES,
  ORDER_OUTCOMES_PATH,
  lastMonths,
  type OutcomeMonth,
} from '@courtside/shop';
import { confirmCall, linkOf } from '../support/confirm-link.js';
import { expectError } from '../support/expect-error.js';
import {
  cartLine,
  createProduct,
  ids,
  placeOrder,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * The dashboard's "Confirmations and returns": the last months' orders, how their buyers answered
 * and how many parcels came back, counted from the orders themselves.
 */

let w: ShopWorld;
const outcomes = (who: ShopWorld['admin'], params: Record<string, string> = {}) => {
  const url = new URL(`${who.client.config.endpoint}${ORDER_OUTCOMES_PATH}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return who.client.call('get', url) as Promise<{ months: OutcomeMonth[] }>;
};

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

describe('order outcomes', () => {
  it('count this month’s orders, parcels shipped and refused, and the return rate', async () => {
    const p = await createProduct(w, { price: 10_000, disc_price: 0, stock: 10 });
    const orders = [];
    // Two buyers: one may hold only so many pairs the shop has not confirmed.
    for (const [who, payment] of [
      [w.alice, 'Bank'],
      [w.alice, 'Bank'],
      [w.alice, 'COD'],
      [w.bob, 'COD'],
      [w.bob, 'Bank'],
    ] as const) {
      const price = payment === 'COD' ? 10_000 + DEFAULT_CHARGES.codFee : 10_000;
      orders.push(await placeOrder(who, [cartLine(p)], price, { payment_type: payment }));
    }
    const update = (id: string, data: Record<string, unknown>) =>
      w.admin.databases.updateDocument(ids.database, ids.orders, id, data);
    // Two shipped: one delivered, one refused at the door and sent back.
    for (const o of orders.slice(0, 2)) {
      await update(o.$id, {
        order_status: 'confirmed',
        courier: 'Leopards',
        tracking_number: `LE${o.$id}`,
      });
      await update(o.$id, { order_status: 'completed' });
    }
    await update(orders[1]!.$id, { order_status: 'returned' });
    // One confirmed by its buyer's link, one cancelled by it.
    await confirmCall(w, 'POST', { ...linkOf(orders[2]!), action: 'confirm' });
    await confirmCall(w, 'POST', { ...linkOf(orders[3]!), action: 'cancel' });

    const { months } = await outcomes(w.admin);
    const now = lastMonths(new Date(), 6);
    expect(months.map((m) => m.month)).toEqual(now);
    expect(months.at(-1)).toMatchObject({
      placed: 5,
      confirmedByBuyer: 1,
      cancelledByBuyer: 1,
      expiredUnconfirmed: 0,
      shipped: 2,
      refused: 1,
      returnRate: 0.5,
    });
    expect(months.slice(0, -1).every((m) => m.placed === 0 && m.returnRate === null)).toBe(true);
    expect((await outcomes(w.admin, { months: '1' })).months).toHaveLength(1);
  });

  it('are the owner’s only, and a wrong number of months is refused in words', async () => {
    for (const who of [w.visitor, w.alice]) {
      await expectError(outcomes(who), { code: 401, type: 'user_unauthorized' });
    }
    for (const months of ['0', '25', 'six', '1.5']) {
      await expectError(outcomes(w.admin, { months }), {
        code: 400,
        type: 'general_argument_invalid',
        message: /^Invalid `months` param/,
      });
    }
  });
});
