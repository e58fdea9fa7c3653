import { ID, Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { denied, ids, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * The owner's notes on a customer (docs/shop.md#the-dashboard): kept by the customer's number as
 * the Customers list knows it, read and written by admins alone, never edited.
 */

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

const notes = [ids.database, ids.customerNotes] as const;
const add = (data: Record<string, unknown>) =>
  w.admin.databases.createDocument(...notes, ID.unique(), data);
const bad = (message: string | RegExp) => ({
  code: 400,
  type: 'document_invalid_structure',
  message,
});

describe("the owner's notes on a customer", () => {
  it('are kept by the number as the list knows it, newest first', async () => {
    const first = await add({ phone: '0301 2345678', text: '  Refused a parcel in March  ' });
    expect(first).toMatchObject({ phone: '+923012345678', text: 'Refused a parcel in March' });
    expect(first.$permissions).toEqual([]);
    await add({ phone: '+92 301 2345678', text: 'Ask for an advance next time' });
    await add({ phone: '0333 1111111', text: 'Someone else' });
    const list = await w.admin.databases.listDocuments(...notes, [
      Query.equal('phone', '+923012345678'),
      Query.orderDesc('$createdAt'),
    ]);
    expect(list.documents.map((d) => d.text)).toEqual([
      'Ask for an advance next time',
      'Refused a parcel in March',
    ]);
    await w.admin.databases.deleteDocument(...notes, first.$id);
    const left = await w.admin.databases.listDocuments(...notes, [
      Query.equal('phone', '+923012345678'),
    ]);
    expect(left.total).toBe(1);
  });

  it('customers and visitors can neither read nor write them', async () => {
    const note = await add({ phone: '0300 7654321', text: 'Pays by JazzCash' });
    for (const who of [w.alice, w.bob, w.visitor]) {
      await expectError(who.databases.listDocuments(...notes), denied);
      await expectError(who.databases.getDocument(...notes, note.$id), {
        code: 404,
        type: 'document_not_found',
      });
      await expectError(
        who.databases.createDocument(...notes, ID.unique(), { phone: '0300 7654321', text: 'Me' }),
        denied,
      );
      await expectError(who.databases.deleteDocument(...notes, note.$id), denied);
    }
  });

  it('refuses a note without a number, an empty or long note, and edits', async () => {
    await expectError(add({ text: 'Whose?' }), bad(/"phone"/));
    await expectError(add({ phone: '   ', text: 'Whose?' }), bad(/mobile number/));
    await expectError(add({ phone: '0301 2345678', text: '  ' }), bad('Write the note first'));
    await expectError(add({ phone: '0301 2345678', text: 'x'.repeat(1001) }), bad(/1000/));
    const note = await add({ phone: '0301 2345678', text: 'Fine' });
    await expectError(w.admin.databases.updateDocument(...notes, note.$id, { text: 'Changed' }), {
      ...denied,
      message: 'A note cannot be changed: delete it and add another',
    });
  });
});
