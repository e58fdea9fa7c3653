import {
  CODE_CHECK_PATH,
  codeExpiredMessage,
  codeStartsMessage,
  OWNER_CODE_MESSAGES,
  perCustomerMessage,
} from '@courtside/shop';
import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { guestUser, signedInUser, type SdkUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  order,
  saveSettings,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * The owner's discount codes (docs/shop.md, Discount codes): made in the dashboard, checked at
 * the code box and again inside the order's transaction, which counts each use.
 */

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
  // Many buyers order from this one test client: the hold limits must not be what refuses them.
  await saveSettings(w, {
    pending_pairs_per_customer: 50,
    pending_pairs_per_phone: 50,
    pending_pairs_per_address: 500,
  });
});
afterAll(() => w.server.close());

let n = 0;
const freshPhone = () =>
  `0321 ${String(Date.now() % 100_000).padStart(5, '0')}${String(n++ % 100).padStart(2, '0')}`;

const newCode = (name: string, data: Record<string, unknown>) =>
  w.admin.databases.createDocument(ids.database, ids.codes, name, data);
const readCode = (name: string) => w.admin.databases.getDocument(ids.database, ids.codes, name);
const check = (who: SdkUser, code: string) =>
  who.client.call(
    'get',
    new URL(`${who.client.config.endpoint}${CODE_CHECK_PATH}${encodeURIComponent(code)}`),
  ) as Promise<Record<string, unknown>>;
const refused = (message: string) => ({ code: 400, type: 'shop_code_invalid', message });
const invalid = (message: string) => ({ code: 400, type: 'document_invalid_structure', message });

type Buyer = SdkUser & { me: { $id: string } };
const order1 = (
  who: Buyer,
  lines: unknown[],
  price: number,
  code: string | null,
  phone = freshPhone(),
) =>
  who.databases.createDocument(
    ids.database,
    ids.orders,
    ID.unique(),
    order(who.me.$id, lines, price, { phone, ...(code ? { code } : {}) }),
  );

describe('the owner makes codes', () => {
  it('stores the name typed in any case in capitals, with nothing used yet', async () => {
    const made = await newCode('eid15', { percent: 15, max_uses: 100 });
    expect(made).toMatchObject({ $id: 'EID15', kind: 'owner', percent: 15, uses: 0, revenue: 0 });
    await expectError(newCode('Eid15', { percent: 10 }), {
      code: 409,
      type: 'document_already_exists',
      message: OWNER_CODE_MESSAGES.exists,
    });
  });

  it('refuses what makes no sense, in the owner’s words', async () => {
    await expectError(newCode('BOTH', { percent: 10, amount_off: 500 }), {
      ...invalid('Choose either a percentage or a fixed amount in rupees off'),
    });
    await expectError(
      newCode('NONE1', { min_order: 100 }),
      invalid('Choose either a percentage or a fixed amount in rupees off'),
    );
    await expectError(
      newCode('LATE', {
        percent: 10,
        starts: '2030-01-02T00:00:00.000+00:00',
        expires: '2030-01-01T00:00:00.000+00:00',
      }),
      invalid('The code must end after it starts'),
    );
    await expectError(
      newCode('CS10-ABCDEFGH', { percent: 10 }),
      invalid(OWNER_CODE_MESSAGES.welcomeName),
    );
    await expectError(newCode('AB', { percent: 10 }), invalid(OWNER_CODE_MESSAGES.name));
    await expectError(
      newCode('BRAND', { percent: 10, brands: ['reebok'] }),
      invalid('There is no brand "reebok"'),
    );
    await expectError(
      newCode('NOPROD', { percent: 10, products: ['nope'] }),
      invalid('There is no product "nope" in the shop'),
    );
    await expectError(
      newCode('CHEAT', { percent: 10, uses: 5 }),
      invalid('Uses and revenue are counted from the orders: they cannot be set'),
    );
    await newCode('KEPT', { percent: 10 });
    await expectError(
      w.admin.databases.updateDocument(ids.database, ids.codes, 'KEPT', { revenue: 1 }),
      invalid('Uses and revenue are counted from the orders: they cannot be set'),
    );
    // Customers cannot make or read codes.
    await expectError(newCodeAs(w.alice, 'MINE', { percent: 90 }), {
      code: 401,
      type: 'user_unauthorized',
    });
  });
});

const newCodeAs = (who: SdkUser, name: string, data: Record<string, unknown>) =>
  who.databases.createDocument(ids.database, ids.codes, name, data);

describe('a code at the code box and on the order', () => {
  it('takes its percentage off the pairs, counts the use and the revenue, gives them back on cancel', async () => {
    await newCode('SAVE20', { percent: 20 });
    const p = await createProduct(w, { stock: 5, price: 10_000, disc_price: null });
    // A guest, before any session, can check it: its offer comes back.
    expect(await check(w.visitor, ' save20 ')).toMatchObject({
      code: 'SAVE20',
      percent: 20,
      amount: null,
    });
    const placed = await order1(w.alice, [cartLine(p)], 8_000, 'save20');
    expect(placed).toMatchObject({ code: 'SAVE20', discount: 2_000, price: 8_000 });
    expect(await readCode('SAVE20')).toMatchObject({ uses: 1, revenue: 8_000 });
    await w.admin.databases.updateDocument(ids.database, ids.orders, placed.$id, {
      order_status: 'cancelled',
    });
    expect(await readCode('SAVE20')).toMatchObject({ uses: 0, revenue: 0 });
  });

  it('a fixed amount off the brands it is for, with a minimum of those pairs', async () => {
    await newCode('NIKE1000', { amount_off: 1_000, brands: ['nike'], min_order: 12_000 });
    const kyrie = await createProduct(w, {
      stock: 5,
      price: 10_000,
      disc_price: null,
      category: 'kyrie',
    });
    const adidas = await createProduct(w, {
      stock: 5,
      price: 9_000,
      disc_price: null,
      category: 'adidas',
    });
    await expectError(
      order1(w.alice, [cartLine(adidas)], 8_000, 'NIKE1000'),
      refused('This code is for Nike pairs only: none of them is in your cart'),
    );
    await expectError(
      order1(w.alice, [cartLine(kyrie), cartLine(adidas)], 18_000, 'NIKE1000'),
      refused('This code needs Nike pairs worth Rs.12,000 or more: add Rs.2,000 more'),
    );
    const placed = await order1(
      w.alice,
      [cartLine(kyrie, 2), cartLine(adidas)],
      28_000,
      'NIKE1000',
    );
    expect(placed).toMatchObject({ discount: 1_000, price: 28_000 });
  });

  it('refuses a code switched off, not started or ended, at the box and at the order', async () => {
    await newCode('LATER', { percent: 10, starts: '2999-01-01T00:00:00.000+00:00' });
    await newCode('OVER', { percent: 10, expires: '2020-03-31T12:00:00.000+00:00' });
    await newCode('PAUSED', { percent: 10 });
    await w.admin.databases.updateDocument(ids.database, ids.codes, 'PAUSED', { off: true });
    const p = await createProduct(w, { stock: 5, price: 10_000, disc_price: null });
    for (const [code, message] of [
      ['LATER', codeStartsMessage('2999-01-01T00:00:00.000+00:00')],
      ['OVER', codeExpiredMessage('2020-03-31T12:00:00.000+00:00')],
      ['PAUSED', OWNER_CODE_MESSAGES.off],
    ] as const) {
      await expectError(check(w.bob, code), refused(message));
      await expectError(order1(w.bob, [cartLine(p)], 9_000, code), refused(message));
    }
    await w.admin.databases.updateDocument(ids.database, ids.codes, 'PAUSED', { off: false });
    expect(await check(w.bob, 'paused')).toMatchObject({ code: 'PAUSED' });
  });

  it('counts uses per customer by account and by the order’s phone number', async () => {
    await newCode('ONCE', { percent: 10, per_customer: 1 });
    const p = await createProduct(w, { stock: 9, price: 10_000, disc_price: null });
    const phone = freshPhone();
    const first = await guestUser(w.server);
    await order1(first, [cartLine(p)], 9_000, 'ONCE', phone);
    // The same number under a new guest session is the same customer.
    const again = await guestUser(w.server);
    await expectError(
      order1(again, [cartLine(p)], 9_000, 'ONCE', phone),
      refused(perCustomerMessage(1)),
    );
    // The same account with another number too.
    await expectError(order1(first, [cartLine(p)], 9_000, 'ONCE'), refused(perCustomerMessage(1)));
    // Someone else may.
    await order1(again, [cartLine(p)], 9_000, 'ONCE');
  });

  it('a first-order code refuses a customer who has ordered before', async () => {
    await newCode('HELLO', { percent: 10, first_order: true });
    const p = await createProduct(w, { stock: 9, price: 10_000, disc_price: null });
    const newcomer = await signedInUser(w.server, 'Newcomer');
    const phone = freshPhone();
    await order1(newcomer, [cartLine(p)], 9_000, 'HELLO', phone);
    const guest = await guestUser(w.server);
    await expectError(
      order1(guest, [cartLine(p)], 9_000, 'HELLO', phone),
      refused(OWNER_CODE_MESSAGES.firstOrder),
    );
  });
});

describe('the last use of a code', () => {
  it('goes to one of 20 buyers ordering at once; the others are told it is used up', async () => {
    await newCode('LAST1', { percent: 15, max_uses: 3 });
    const p = await createProduct(w, { stock: 40, price: 10_000, disc_price: null });
    // Two uses gone already: one is left.
    await order1(w.alice, [cartLine(p)], 8_500, 'LAST1');
    await order1(w.bob, [cartLine(p)], 8_500, 'LAST1');
    const buyers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signedInUser(w.server, `Racer ${i}`)),
    );
    const results = await Promise.allSettled(
      buyers.map((b) => order1(b, [cartLine(p)], 8_500, 'LAST1')),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const e of lost) {
      expect(e).toMatchObject({
        code: 400,
        type: 'shop_code_invalid',
        message: OWNER_CODE_MESSAGES.usedUp,
      });
    }
    expect(await readCode('LAST1')).toMatchObject({ uses: 3, revenue: 25_500 });
    await expectError(check(w.visitor, 'LAST1'), refused(OWNER_CODE_MESSAGES.usedUp));
  });
});
