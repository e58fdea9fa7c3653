import { ID, type Models } from 'appwrite';
import { CODE_MESSAGES, WELCOME_PERCENT } from '@courtside/shop';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { lastMailTo } from '../support/outbox.js';
import { signedInUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  shopWorld,
  type ShopWorld,
  subscribeAndReadCode,
} from '../support/shop.js';

/** Welcome codes (subscribe -> e-mail -> first order) and the order's structured address. */

let w: ShopWorld;
let p: Models.Document;

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());
beforeEach(async () => {
  // Rs.20,000 a pair after its discount: 10% is Rs.2,000.
  p = await createProduct(w, { stock: 3, price: 25_000, disc_price: 20_000 });
});

const place = (who: ShopWorld['alice'], price: number, over: Record<string, unknown> = {}) =>
  w.placeOrder(who, [cartLine(p)], price, over);

const invalidCode = (message: string) => ({ code: 400, type: 'shop_code_invalid', message });

describe('the welcome code', () => {
  it('is e-mailed on subscribing, takes 10% off the first order once, and is recorded', async () => {
    const carol = await signedInUser(w.server, 'Carol');
    const code = await subscribeAndReadCode(w, carol.me.email);
    expect((await lastMailTo(w.server.dataDir, carol.me.email)).subject).toContain(
      `${WELCOME_PERCENT}%`,
    );
    // Subscribing again thanks the address: its code went once, and no second one is made.
    await w.visitor.databases.createDocument(ids.database, ids.subscribers, ID.unique(), {
      email: carol.me.email,
    });
    await w.server.app.shop?.idle();
    const again = await lastMailTo(w.server.dataDir, carol.me.email);
    expect(again.subject).toBe('You are subscribed to Courtside');
    expect(again.text).not.toMatch(/CS10-/);

    // The client's total must include the discount: the undiscounted one is refused.
    await expectError(place(carol, 20_000, { code }), { code: 409, type: 'shop_price_changed' });
    const placed = await place(carol, 18_000 + 500, {
      code: code.toLowerCase(),
      payment_type: 'COD',
    });
    expect(placed).toMatchObject({ price: 18_500, code, discount: 2_000 });

    // The owner sees the code spent; a second use is refused and stores nothing.
    const stored = await w.admin.databases.getDocument(ids.database, ids.codes, code);
    expect(stored).toMatchObject({ email: carol.me.email, order_number: placed.order_number });
    await expectError(place(carol, 18_000, { code }), invalidCode(CODE_MESSAGES.used));

    // Re-subscribing after the code is spent says so instead of promising another.
    await w.visitor.databases.createDocument(ids.database, ids.subscribers, ID.unique(), {
      email: carol.me.email,
    });
    await w.server.app.shop?.idle();
    expect((await lastMailTo(w.server.dataDir, carol.me.email)).text).toContain(
      `was used on order #${placed.order_number}`,
    );
  });

  it('comes back when its order is deleted undelivered', async () => {
    const dan = await signedInUser(w.server, 'Dan');
    const code = await subscribeAndReadCode(w, dan.me.email);
    const placed = await place(dan, 18_000, { code });
    await w.admin.databases.deleteDocument(ids.database, ids.orders, placed.$id);
    const again = await place(dan, 18_000, { code });
    expect(again).toMatchObject({ code, discount: 2_000 });
  });

  it('is refused, storing nothing, when malformed, unknown, not yours or not a first order', async () => {
    const erin = await signedInUser(w.server, 'Erin');
    const code = await subscribeAndReadCode(w, erin.me.email);
    await expectError(
      place(erin, 18_000, { code: 'WELCOME 10%!' }),
      invalidCode(CODE_MESSAGES.malformed),
    );
    await expectError(
      place(erin, 18_000, { code: 'CS10-AAAAAAAA' }),
      invalidCode(CODE_MESSAGES.unknown),
    );
    // Bob knows Erin's code, but it is hers.
    await expectError(place(w.bob, 18_000, { code }), invalidCode(CODE_MESSAGES.notYours));
    // Erin orders without it first: the code was for the first order.
    await place(erin, 20_000);
    await expectError(place(erin, 18_000, { code }), invalidCode(CODE_MESSAGES.notFirst));
    expect((await w.admin.databases.getDocument(ids.database, ids.codes, code)).order_number).toBe(
      null,
    );
    expect((await w.admin.databases.getDocument(ids.database, ids.products, p.$id)).stock).toBe(2);
    // A client cannot set the discount itself.
    await expectError(place(w.bob, 20_000, { discount: 5_000 }), {
      code: 400,
      type: 'shop_order_invalid',
    });
  });

  it('is the owner’s to read: customers cannot list or read codes', async () => {
    const code = await subscribeAndReadCode(w, 'frank@example.pk');
    for (const who of [w.visitor, w.alice]) {
      await expectError(who.databases.listDocuments(ids.database, ids.codes), {
        code: 401,
        type: 'user_unauthorized',
      });
      await expectError(who.databases.getDocument(ids.database, ids.codes, code), {
        code: 404,
        type: 'document_not_found',
      });
    }
  });
});

describe('the order address', () => {
  it('keeps street, city and the extra line, and composes the one-line address from them', async () => {
    const placed = await place(w.alice, 20_000, {
      address: 'ignored: the server composes it',
      street: '  House 12,  Street 4 ',
      city: 'Lahore',
      etcaddress: 'Near Hussain Chowk',
    });
    expect(placed).toMatchObject({
      street: 'House 12, Street 4',
      city: 'Lahore',
      etcaddress: 'Near Hussain Chowk',
      address: 'House 12, Street 4 city: Lahore Near Hussain Chowk',
    });
  });

  it('takes a client’s one-line address as the street', async () => {
    const placed = await place(w.alice, 20_000, { street: undefined, address: 'Flat 3, Clifton' });
    expect(placed).toMatchObject({
      street: 'Flat 3, Clifton',
      address: 'Flat 3, Clifton city: Lahore',
    });
  });

  it('requires the city and a street, storing nothing', async () => {
    for (const [over, message] of [
      [{ city: '  ' }, 'City is required'],
      [{ city: undefined }, 'City is required'],
      [{ street: '', address: ' ' }, 'Address is required'],
    ] as const) {
      await expectError(place(w.alice, 20_000, over), {
        code: 400,
        type: 'shop_order_invalid',
        message,
      });
    }
    // The schema's own checks come first: sizes and types.
    for (const over of [{ city: 'x'.repeat(81) }, { etcaddress: 42 }]) {
      await expectError(place(w.alice, 20_000, over), {
        code: 400,
        type: 'document_invalid_structure',
      });
    }
    expect((await w.admin.databases.getDocument(ids.database, ids.products, p.$id)).stock).toBe(3);
  });
});
