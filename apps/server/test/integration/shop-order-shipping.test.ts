import { ID, Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import {
  cartLine,
  createProduct,
  denied,
  ids,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * What the owner adds to an order once it is placed (docs/shop.md#the-dashboard, D24): the courier
 * and tracking number, which the customer reads but only the owner sets, and notes, which live in
 * an admin-only collection so a customer never reads them. Also the orders list's search and
 * filters, as the dashboard sends them.
 */

let w: ShopWorld;
let placedOrder: Models.Document;

beforeAll(async () => {
  w = await shopWorld();
  placedOrder = await place(w.alice, { User_name: 'Ayesha Khan', phone: '0300 1112223' });
});
afterAll(() => w.server.close());

async function place(who: ShopWorld['alice'], over: Record<string, unknown> = {}) {
  const p = await createProduct(w, { stock: 1, price: 15_000, disc_price: 0 });
  return w.placeOrder(who, [cartLine(p)], 15_000, { email: who.me.email, ...over });
}

const ship = (data: Record<string, unknown>, o = placedOrder) =>
  w.admin.databases.updateDocument(ids.database, ids.orders, o.$id, data);
const refused = (message: string) => ({ code: 400, type: 'shop_order_invalid', message });
const notes = [ids.database, ids.orderNotes] as const;

describe('courier and tracking number', () => {
  it('the owner sets them, the number kept without spaces, and the customer reads them', async () => {
    const saved = await ship({ courier: 'TCS', tracking_number: ' 7794 1234 5678 ' });
    expect(saved).toMatchObject({ courier: 'TCS', tracking_number: '779412345678' });
    const seen = await w.alice.databases.getDocument(ids.database, ids.orders, placedOrder.$id);
    expect(seen).toMatchObject({ courier: 'TCS', tracking_number: '779412345678' });
    // With the status in the same change, and then a new number alone (the courier stays).
    await ship({ order_status: 'confirmed', tracking_number: '779400000001' });
    const stored = await w.admin.databases.getDocument(ids.database, ids.orders, placedOrder.$id);
    expect(stored).toMatchObject({
      order_status: 'confirmed',
      courier: 'TCS',
      tracking_number: '779400000001',
    });
  });

  it('refuses customers, at checkout and afterwards', async () => {
    await expectError(
      place(w.bob, { courier: 'TCS', tracking_number: '779412345678' }),
      refused('The shop sets the courier and tracking number once the order is on its way'),
    );
    await expectError(
      w.alice.databases.updateDocument(ids.database, ids.orders, placedOrder.$id, {
        tracking_number: 'FAKE1234',
      }),
      { ...denied, message: 'Only the shop owner can do this' },
    );
    await expectError(
      w.visitor.databases.updateDocument(ids.database, ids.orders, placedOrder.$id, {
        courier: 'Other',
      }),
      denied,
    );
  });

  it('refuses a courier not on the list, a malformed number and a number without courier', async () => {
    await expectError(ship({ courier: 'DHL' }), {
      code: 400,
      type: 'document_invalid_structure',
      message: /courier.*Value must be one of \(TCS, Leopards, M&P, PostEx, Trax, Other\)/,
    });
    await expectError(
      ship({ tracking_number: '12<3>45' }),
      refused('A tracking number is 4 to 40 letters, digits or dashes'),
    );
    await expectError(ship({ tracking_number: 'x'.repeat(41) }), {
      code: 400,
      type: 'document_invalid_structure',
      message: /tracking_number.*no longer than 40 chars/,
    });
    await expectError(
      ship({ courier: null }),
      refused('Choose the courier of this tracking number'),
    );
    // Both cleared together is fine.
    const cleared = await ship({ courier: null, tracking_number: '' });
    expect(cleared).toMatchObject({ courier: null, tracking_number: null });
    await ship({ courier: 'PostEx', tracking_number: 'PX123456' });
  });
});

describe('shipping of a cancelled or returned order', () => {
  it('stays as it is: a change is refused in words, the same values again are fine', async () => {
    const cancelled = await place(w.bob);
    await ship({ courier: 'TCS', tracking_number: '779411112222' }, cancelled);
    await ship({ order_status: 'cancelled' }, cancelled);
    const locked = refused(
      'This order is cancelled: its courier and tracking number can no longer be changed',
    );
    await expectError(ship({ tracking_number: '779433334444' }, cancelled), locked);
    await expectError(ship({ courier: null, tracking_number: null }, cancelled), locked);
    await expectError(ship({ courier: 'Leopards' }, cancelled), locked);
    const same = await ship({ courier: 'TCS', tracking_number: '7794 1111 2222' }, cancelled);
    expect(same).toMatchObject({ courier: 'TCS', tracking_number: '779411112222' });

    // Cancelling and changing the shipping in one request is refused as a whole.
    const pending = await place(w.bob);
    await expectError(
      ship({ order_status: 'cancelled', courier: 'TCS', tracking_number: 'AB1234' }, pending),
      locked,
    );
    expect(
      await w.admin.databases.getDocument(ids.database, ids.orders, pending.$id),
    ).toMatchObject({ order_status: 'pending', courier: null, tracking_number: null });

    const returned = await place(w.bob);
    await ship(
      { order_status: 'confirmed', courier: 'PostEx', tracking_number: 'PX5555' },
      returned,
    );
    await ship({ order_status: 'completed' }, returned);
    await ship({ order_status: 'returned' }, returned);
    await expectError(
      ship({ tracking_number: 'PX6666' }, returned),
      refused('This order is returned: its courier and tracking number can no longer be changed'),
    );
  });
});

describe("the owner's notes", () => {
  let note: Models.Document;

  it('the owner adds, lists and deletes notes on an order', async () => {
    note = await w.admin.databases.createDocument(...notes, ID.unique(), {
      order_id: placedOrder.$id,
      text: '  Called her: deliver after 5 pm  ',
    });
    expect(note).toMatchObject({
      order_id: placedOrder.$id,
      text: 'Called her: deliver after 5 pm',
    });
    expect(note.$permissions).toEqual([]);
    const second = await w.admin.databases.createDocument(...notes, ID.unique(), {
      order_id: placedOrder.$id,
      text: 'Parcel handed to TCS',
    });
    const list = await w.admin.databases.listDocuments(...notes, [
      Query.equal('order_id', placedOrder.$id),
      Query.orderDesc('$createdAt'),
    ]);
    expect(list.documents.map((d) => d.text)).toEqual([
      'Parcel handed to TCS',
      'Called her: deliver after 5 pm',
    ]);
    await w.admin.databases.deleteDocument(...notes, second.$id);
  });

  it('customers and visitors can neither read nor write them', async () => {
    for (const who of [w.alice, w.bob, w.visitor]) {
      await expectError(who.databases.listDocuments(...notes), denied);
      await expectError(who.databases.getDocument(...notes, note.$id), {
        code: 404,
        type: 'document_not_found',
      });
      await expectError(
        who.databases.createDocument(...notes, ID.unique(), {
          order_id: placedOrder.$id,
          text: 'Mine',
        }),
        denied,
      );
      await expectError(who.databases.deleteDocument(...notes, note.$id), denied);
    }
  });

  it('refuses an empty or long note, an unknown order, and edits', async () => {
    const add = (data: Record<string, unknown>) =>
      w.admin.databases.createDocument(...notes, ID.unique(), data);
    const bad = (message: string | RegExp) => ({
      code: 400,
      type: 'document_invalid_structure',
      message,
    });
    await expectError(add({ order_id: placedOrder.$id, text: '   ' }), bad('Write the note first'));
    await expectError(add({ order_id: placedOrder.$id, text: 'x'.repeat(1001) }), bad(/1000/));
    await expectError(add({ order_id: 'ffffff', text: 'Hello' }), bad(/no such order/));
    await expectError(w.admin.databases.updateDocument(...notes, note.$id, { text: 'Changed' }), {
      ...denied,
      message: 'A note cannot be changed: delete it and add another',
    });
  });

  it('deleting an order deletes its notes', async () => {
    const other = await place(w.bob);
    await w.admin.databases.createDocument(...notes, ID.unique(), {
      order_id: other.$id,
      text: 'Customer asked to cancel',
    });
    await w.admin.databases.deleteDocument(ids.database, ids.orders, other.$id);
    const left = await w.admin.databases.listDocuments(...notes, [
      Query.equal('order_id', other.$id),
    ]);
    expect(left.total).toBe(0);
    // The other order's note stays.
    expect((await w.admin.databases.getDocument(...notes, note.$id)).text).toBe(
      'Called her: deliver after 5 pm',
    );
  });
});

describe("the orders list's search and filters", () => {
  const find = async (queries: string[]) =>
    (await w.admin.databases.listDocuments(ids.database, ids.orders, queries)).documents.map(
      (d) => d.$id,
    );

  it('finds orders by name, phone or number, with status and payment filters and paging', async () => {
    const cod = await place(w.bob, {
      User_name: 'Bilal Ahmed',
      phone: '+92 321 5550001',
      payment_type: 'COD',
      price: 15_500,
    });
    expect(await find([Query.search('User_name', 'bil'), Query.orderDesc('$createdAt')])).toEqual([
      cod.$id,
    ]);
    expect(await find([Query.equal('phone', '+923215550001')])).toEqual([cod.$id]);
    // Part of a phone, as the dashboard sends it for "0321 555" or the last digits "0001".
    expect(await find(['contains("phone", ["92321555"])'])).toEqual([cod.$id]);
    expect(
      await find(['contains("phone", ["5550001"])', Query.equal('payment_type', 'COD')]),
    ).toEqual([cod.$id]);
    expect(
      await find(['contains("phone", ["92321555"])', Query.equal('order_status', 'cancelled')]),
    ).toEqual([]);
    expect(await find([Query.equal('$id', cod.$id)])).toEqual([cod.$id]);
    expect(
      await find([
        Query.search('User_name', 'Bilal'),
        Query.equal('order_status', 'pending'),
        Query.equal('payment_type', 'COD'),
        Query.orderDesc('$createdAt'),
        Query.limit(20),
        Query.offset(0),
      ]),
    ).toEqual([cod.$id]);
    expect(
      await find([Query.equal('payment_type', 'COD'), Query.equal('order_status', 'confirmed')]),
    ).toEqual([]);
    const all = await find([Query.orderDesc('$createdAt'), Query.limit(100)]);
    expect(await find([Query.orderDesc('$createdAt'), Query.limit(1), Query.offset(1)])).toEqual([
      all[1],
    ]);
  });
});
