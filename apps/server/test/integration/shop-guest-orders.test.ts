import { ID, Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { lastSmsTo } from '../support/outbox.js';
import { guestUser, sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  order,
  product,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

let w: ShopWorld;

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

let n = 0;
/** A fresh number per test: +92 321 ..., as a buyer types it (0321 ...). */
const freshNumber = () => {
  const digits = `${String(Date.now() % 1_000_000).padStart(6, '0')}${n++ % 10}`;
  return { typed: `0321 ${digits}`, stored: `+92321${digits}` };
};

/** A guest as the web app makes one when the order is placed: an anonymous session. */
const guest = () => guestUser(w.server);

async function guestOrder(buyer: SdkUser & { me: { $id: string } }, phone: string) {
  const p = await createProduct(w, { stock: 3 });
  const { email: _none, ...noEmail } = order(buyer.me.$id, [cartLine(p)], 15_500, {
    payment_type: 'COD',
    phone,
  });
  return buyer.databases.createDocument(ids.database, ids.orders, ID.unique(), noEmail);
}

describe('a guest places a cash-on-delivery order (docs/shop.md §2)', () => {
  it('with a number and no e-mail, stored with the number normalised, pending', async () => {
    const buyer = await guest();
    const phone = freshNumber();
    const placed = await guestOrder(buyer, phone.typed);
    expect(placed).toMatchObject({
      order_status: 'pending',
      phone: phone.stored,
      email: null,
      payment_type: 'COD',
      $permissions: [`read("user:${buyer.me.$id}")`],
    });
  });

  it('an e-mail, when given, must be one', async () => {
    const buyer = await guest();
    const p = await createProduct(w, { stock: 3 });
    const fields = order(buyer.me.$id, [cartLine(p)], 15_500, {
      payment_type: 'COD',
      email: 'not-mail',
    });
    await expectError(
      buyer.databases.createDocument(ids.database, ids.orders, ID.unique(), fields),
      { code: 400, type: 'document_invalid_structure' },
    );
  });

  it('is readable by its session and the owner only', async () => {
    const buyer = await guest();
    const other = await guest();
    const placed = await guestOrder(buyer, freshNumber().typed);
    expect((await buyer.databases.getDocument(ids.database, ids.orders, placed.$id)).$id).toBe(
      placed.$id,
    );
    for (const stranger of [other, w.alice, w.visitor]) {
      await expectError(stranger.databases.getDocument(ids.database, ids.orders, placed.$id), {
        code: 404,
        type: 'document_not_found',
      });
    }
    expect((await w.admin.databases.getDocument(ids.database, ids.orders, placed.$id)).$id).toBe(
      placed.$id,
    );
  });

  it('keeps the price, stock and hoarding rules', async () => {
    const buyer = await guest();
    const p = await createProduct(w, { stock: 1 });
    const fields = (price: number, quantity = 1) =>
      order(buyer.me.$id, [cartLine(p, quantity)], price, { payment_type: 'COD' });
    await expectError(
      buyer.databases.createDocument(ids.database, ids.orders, ID.unique(), fields(100)),
      { code: 409, type: 'shop_price_changed' },
    );
    await expectError(
      buyer.databases.createDocument(ids.database, ids.orders, ID.unique(), fields(30_500, 2)),
      { code: 409, type: 'shop_product_sold_out' },
    );
  });
});

describe('orders follow the number', () => {
  it("a guest's orders join the account that signs in with their number by SMS", async () => {
    const phone = freshNumber();
    const first = await guestOrder(await guest(), phone.typed);
    const second = await guestOrder(await guest(), phone.stored);
    // The same number typed on a real account's order: that order stays its account's.
    const alicesOwn = await guestOrder(w.alice, phone.typed);

    const phoneUser = sdkUser(w.server);
    const token = await phoneUser.account.createPhoneSession(ID.unique(), phone.stored);
    const { code } = await lastSmsTo(w.server.dataDir, phone.stored);
    await phoneUser.account.updatePhoneSession(token.userId, code);

    const mine = await phoneUser.databases.listDocuments(ids.database, ids.orders, [
      Query.orderAsc('$createdAt'),
    ]);
    expect(mine.documents.map((d) => d.$id)).toEqual([first.$id, second.$id]);
    expect(mine.documents.map((d) => d.$id)).not.toContain(alicesOwn.$id);
    // The guests keep reading their own.
    const again = await w.admin.databases.getDocument(ids.database, ids.orders, first.$id);
    expect(again.$permissions).toEqual(
      expect.arrayContaining([`read("user:${first.user_id}")`, `read("user:${token.userId}")`]),
    );
  });

  it('a number proven by phone verification brings its guest orders too', async () => {
    const phone = freshNumber();
    const placed = await guestOrder(await guest(), phone.typed);
    const elsewhere = await guestOrder(await guest(), freshNumber().typed);
    const holder = await signedInUser(w.server, 'Bilal');
    await holder.account.updatePhone(phone.stored, holder.password);
    expect((await holder.databases.listDocuments(ids.database, ids.orders)).total).toBe(0);
    await holder.account.createPhoneVerification();
    const { code } = await lastSmsTo(w.server.dataDir, phone.stored);
    await holder.account.updatePhoneVerification(holder.me.$id, code);
    const mine = await holder.databases.listDocuments(ids.database, ids.orders);
    expect(mine.documents.map((d) => d.$id)).toEqual([placed.$id]);
    expect(mine.documents.map((d) => d.$id)).not.toContain(elsewhere.$id);
  });
});

describe("guests' orders keep the hoarding limits", () => {
  let tight: ShopWorld;
  beforeAll(async () => {
    tight = await shopWorld({ env: { PENDING_PAIRS_PER_PHONE: '2' } });
  });
  afterAll(() => tight.server.close());

  it('two guest sessions with one number hold at most its pairs', async () => {
    const p = await tight.admin.databases.createDocument(
      ids.database,
      ids.products,
      ID.unique(),
      product({ stock: 5, price: 15_000, disc_price: 0 }),
    );
    const place = async () => {
      const buyer = await guestUser(tight.server);
      const fields = order(buyer.me.$id, [cartLine(p)], 15_500, {
        payment_type: 'COD',
        phone: '0322 7654321',
      });
      return buyer.databases.createDocument(ids.database, ids.orders, ID.unique(), fields);
    };
    await place();
    await place();
    await expectError(place(), { code: 409, type: 'shop_too_many_pending' });
  });
});
