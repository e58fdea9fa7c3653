import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { createProduct, ids, png, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * A pre-loved pair's condition photos (`condition_photos`: sole, heel, box and size tag, each a
 * file of the images bucket): kept as the owner sends them, refused in any other shape, and their
 * files deleted with the product or when replaced, like its other images.
 */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

const refused = {
  code: 400,
  type: 'shop_product_invalid',
  message: 'The condition photos must be a JSON object of sole, heel, box or tag to a file id',
};
const photo = async () => (await w.admin.storage.createFile(ids.bucket, ID.unique(), png())).$id;
const gone = (fileId: string) =>
  expectError(w.admin.storage.getFile(ids.bucket, fileId), {
    code: 404,
    type: 'storage_file_not_found',
  });

describe('condition photos', () => {
  it('are kept as sent, none by default, and read by every visitor', async () => {
    expect((await createProduct(w)).condition_photos).toBe('');
    const [sole, tag] = [await photo(), await photo()];
    const made = await createProduct(w, { condition_photos: JSON.stringify({ sole, tag }) });
    const read = await w.visitor.databases.getDocument(ids.database, ids.products, made.$id);
    expect(JSON.parse(read.condition_photos as string)).toEqual({ sole, tag });
  });

  it.each([
    ['a list', '["abc"]'],
    ['a slot of no such name', '{"toe":"abc"}'],
    ['a slot without a file id', '{"sole":""}'],
    ['a number for a file id', '{"heel":5}'],
    ['no JSON at all', 'sole=abc'],
  ])('refuse %s', async (_, value) => {
    await expectError(createProduct(w, { condition_photos: value }), refused);
    const made = await createProduct(w);
    await expectError(
      w.admin.databases.updateDocument(ids.database, ids.products, made.$id, {
        condition_photos: value,
      }),
      refused,
    );
  });

  it('lose their files when replaced or when the product is deleted', async () => {
    const [heel, newHeel, box] = [await photo(), await photo(), await photo()];
    const made = await createProduct(w, { condition_photos: JSON.stringify({ heel, box }) });
    await w.admin.databases.updateDocument(ids.database, ids.products, made.$id, {
      condition_photos: JSON.stringify({ heel: newHeel, box }),
    });
    await w.server.app.shop?.idle();
    await gone(heel);
    expect((await w.admin.storage.getFile(ids.bucket, box)).$id).toBe(box);
    await w.admin.databases.deleteDocument(ids.database, ids.products, made.$id);
    await w.server.app.shop?.idle();
    await gone(newHeel);
    await gone(box);
  });
});
