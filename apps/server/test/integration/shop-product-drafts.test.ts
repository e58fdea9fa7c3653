import { ID, Query } from 'appwrite';
import { PHOTO_MESSAGES } from '@courtside/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import {
  cartLine,
  createProduct,
  CUSTOMERS,
  ids,
  png,
  product,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * Draft products (docs/shop.md#drafts-and-photos): the owner's alone until published, for every
 * read a shopper can make; and the photo rule: one photo lists a pair, a draft may have none.
 */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

const notFound = { code: 404, type: 'document_not_found' };
const invalid = (message: string) => ({ code: 400, type: 'shop_product_invalid', message });
const photo = async () => (await w.admin.storage.createFile(ids.bucket, ID.unique(), png())).$id;
const update = (id: string, data: Record<string, unknown>) =>
  w.admin.databases.updateDocument(ids.database, ids.products, id, data);

describe('a draft product', () => {
  it('is read by the owner, and by no shopper: not by id, in a list or in a search', async () => {
    const title = 'Draftonly Kobe 9 Elite';
    const draft = await createProduct(w, { title, draft: true });
    const listed = await createProduct(w, { title: 'Listed Kobe 9 Elite' });
    expect(draft.draft).toBe(true);
    expect(listed.draft).toBe(false);
    const owner = await w.admin.databases.getDocument(ids.database, ids.products, draft.$id);
    expect(owner.title).toBe(title);
    for (const who of CUSTOMERS) {
      const db = w[who].databases;
      await expectError(db.getDocument(ids.database, ids.products, draft.$id), notFound);
      const all = await db.listDocuments(ids.database, ids.products, [Query.limit(100)]);
      expect(all.documents.map((d) => d.$id)).toContain(listed.$id);
      expect(all.documents.map((d) => d.$id)).not.toContain(draft.$id);
      const found = await db.listDocuments(ids.database, ids.products, [
        Query.search('title', 'Kobe Elite'),
      ]);
      expect(found.documents.map((d) => d.title)).toEqual(['Listed Kobe 9 Elite']);
      // Asked for by its flag, a shopper still gets none.
      const drafts = await db.listDocuments(ids.database, ids.products, [
        Query.equal('draft', [true]),
      ]);
      expect(drafts.total).toBe(0);
    }
  });

  it('is seen by shoppers once published, and hidden again as a draft', async () => {
    const made = await createProduct(w, { draft: true });
    await update(made.$id, { draft: false });
    const read = await w.visitor.databases.getDocument(ids.database, ids.products, made.$id);
    expect(read.$id).toBe(made.$id);
    await update(made.$id, { price: 21_000, draft: true });
    await expectError(
      w.alice.databases.getDocument(ids.database, ids.products, made.$id),
      notFound,
    );
  });

  it('keeps the permissions the product rules give, whatever a client sends', async () => {
    const made = await w.admin.databases.createDocument(
      ids.database,
      ids.products,
      ID.unique(),
      product({ draft: true }),
      ['read("any")'],
    );
    await expectError(w.bob.databases.getDocument(ids.database, ids.products, made.$id), notFound);
  });

  it('cannot be ordered', async () => {
    const draft = await createProduct(w, { title: 'Hidden Kyrie', draft: true });
    await expectError(w.placeOrder(w.alice, [cartLine(draft)], 15_000), {
      code: 400,
      type: 'shop_product_not_found',
      message: '"Hidden Kyrie" is no longer in the shop. Please remove it from your cart.',
    });
  });

  it('refuses a draft that is not true or false', async () => {
    await expectError(createProduct(w, { draft: 'yes' }), {
      code: 400,
      type: 'document_invalid_structure',
    });
  });
});

describe('product photos', () => {
  it('lists a pair with one photo, and a draft with none', async () => {
    const one = await createProduct(w, { image: await photo(), images: '[]' });
    expect(one.draft).toBe(false);
    const none = await createProduct(w, { image: '', images: '[]', draft: true });
    expect(none.image).toBe('');
  });

  it('refuses to list a pair without a photo, in plain words', async () => {
    await expectError(
      createProduct(w, { image: '', images: '[]' }),
      invalid(PHOTO_MESSAGES.needed),
    );
    const draft = await createProduct(w, { image: '', images: '[]', draft: true });
    await expectError(update(draft.$id, { draft: false }), invalid(PHOTO_MESSAGES.needed));
  });

  it('refuses an inline price or stock edit with a clear message, keeping the product as it was', async () => {
    const made = await createProduct(w, { price: 30_000, disc_price: 25_000 });
    await expectError(
      update(made.$id, { price: 20_000 }),
      invalid('Discount price cannot be above the price'),
    );
    // Out of the schema's bounds: its message names the attribute.
    const outOfBounds = (attribute: string) => ({
      code: 400,
      type: 'document_invalid_structure',
      message: new RegExp(`"${attribute}"`),
    });
    await expectError(
      update(made.$id, { price: 0, disc_price: 0 }),
      invalid('Price must be a whole number of rupees, 1 or more'),
    );
    await expectError(update(made.$id, { stock: -1 }), outOfBounds('stock'));
    const kept = await w.admin.databases.getDocument(ids.database, ids.products, made.$id);
    expect([kept.price, kept.stock]).toEqual([30_000, 2]);
  });

  it('keeps an old product without photos editable for its stock and price', async () => {
    const draft = await createProduct(w, { image: '', images: '[]', draft: true });
    const changed = await update(draft.$id, { stock: 5, price: 30_000 });
    expect(changed.stock).toBe(5);
  });

  it('reorders photos without losing a file, and deletes a removed one on save', async () => {
    const [a, b, c] = [await photo(), await photo(), await photo()];
    const made = await createProduct(w, { image: a, images: JSON.stringify([b, c]) });
    const moved = await update(made.$id, { image: c, images: JSON.stringify([a, b]) });
    expect([moved.image, JSON.parse(moved.images as string)]).toEqual([c, [a, b]]);
    await update(made.$id, { image: c, images: JSON.stringify([a]) });
    await w.server.app.shop?.idle();
    await expectError(w.admin.storage.getFile(ids.bucket, b), {
      code: 404,
      type: 'storage_file_not_found',
    });
    for (const kept of [a, c]) {
      expect((await w.admin.storage.getFile(ids.bucket, kept)).$id).toBe(kept);
    }
  });
});
