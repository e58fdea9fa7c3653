import { Permission, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_SETTINGS_ID } from '@courtside/shop';
import { expectError } from '../support/expect-error.js';
import { CUSTOMERS, denied, ids, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * The owner's settings (collection `settings`): one document, `shop`, read and written by admins
 * only, each value checked with the dashboard's words.
 */

let w: ShopWorld;
const settings = [ids.database, ids.settings] as const;
const invalid = (message: string | RegExp) => ({
  code: 400,
  type: 'document_invalid_structure',
  message,
});

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

describe('the shop settings', () => {
  it('are not stored until the owner saves them; then saved, changed and read back', async () => {
    const db = w.admin.databases;
    await expectError(db.getDocument(...settings, SHOP_SETTINGS_ID), {
      code: 404,
      type: 'document_not_found',
    });
    // Permissions sent along are ignored: the collection decides who reads.
    const made = await db.createDocument(...settings, SHOP_SETTINGS_ID, { low_stock: 3 }, [
      Permission.read(Role.any()),
    ]);
    expect(made).toMatchObject({ $id: 'shop', low_stock: 3, $permissions: [] });
    await db.updateDocument(...settings, SHOP_SETTINGS_ID, { low_stock: 2 });
    expect((await db.getDocument(...settings, SHOP_SETTINGS_ID)).low_stock).toBe(2);
  });

  it.each(CUSTOMERS)('%s can neither read nor write them', async (who) => {
    const db = w[who].databases;
    await expectError(db.listDocuments(...settings), denied);
    await expectError(db.getDocument(...settings, SHOP_SETTINGS_ID), {
      code: 404,
      type: 'document_not_found',
    });
    await expectError(db.updateDocument(...settings, SHOP_SETTINGS_ID, { low_stock: 9 }), {
      ...denied,
      message: 'Only the shop owner can do this',
    });
    await expectError(db.deleteDocument(...settings, SHOP_SETTINGS_ID), denied);
    expect((await w.admin.databases.getDocument(...settings, SHOP_SETTINGS_ID)).low_stock).toBe(2);
  });

  it('refuses another document, an unknown setting and a threshold out of range, in words', async () => {
    const db = w.admin.databases;
    await expectError(
      db.createDocument(...settings, 'theme', { low_stock: 1 }),
      invalid('The shop\'s settings are one document, "shop"'),
    );
    await expectError(
      db.updateDocument(...settings, SHOP_SETTINGS_ID, { colour: 'red' }),
      invalid('Invalid document structure: Unknown attribute: "colour"'),
    );
    for (const low_stock of [0, -1, 1.5, 100_001, '3']) {
      await expectError(
        db.updateDocument(...settings, SHOP_SETTINGS_ID, { low_stock }),
        invalid(/^Invalid document structure: Attribute "low_stock" has invalid (type|format)/),
      );
    }
    expect((await db.getDocument(...settings, SHOP_SETTINGS_ID)).low_stock).toBe(2);
  });
});
