import type { Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLine, createProduct, ids, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * Lone surrogates (tools/well-formed.ts): JSON can carry half of a UTF-16 pair ("\ud800"), which
 * SQLite stored as 3 characters each, so an order whose name fitted at creation could no longer
 * be updated by the owner. At the edge each one becomes U+FFFD, the same on both databases.
 */
let w: ShopWorld;
let p: Models.Document;

beforeAll(async () => {
  w = await shopWorld();
  p = await createProduct(w, { stock: 10, price: 15_000, disc_price: 0 });
});
afterAll(() => w.server.close());

/** 128 halves of pairs, none beside its other half (low ones first). */
const LONE_128 = '\udfff'.repeat(64) + '\ud800'.repeat(64);

const placeWithName = (name: string) =>
  w.placeOrder(w.alice, [cartLine(p, 1)], 15_000, { User_name: name });
const setStatus = (o: Models.Document, data: Record<string, unknown>) =>
  w.admin.databases.updateDocument(ids.database, ids.orders, o.$id, data);

describe('lone surrogates are replaced where the body is read', () => {
  it('stores 128 lone surrogates as 128 characters on both databases', async () => {
    const o = await placeWithName(LONE_128);
    const stored = await w.admin.databases.getDocument(ids.database, ids.orders, o.$id);
    expect(stored.User_name).toBe('\ufffd'.repeat(128));
    expect([...(stored.User_name as string)]).toHaveLength(128);
  });

  it('lets the owner confirm, ship (complete) and cancel such orders', async () => {
    const shipped = await placeWithName(LONE_128);
    await setStatus(shipped, { order_status: 'confirmed' });
    await setStatus(shipped, { courier: 'TCS', tracking_number: '123456789' });
    const done = await setStatus(shipped, { order_status: 'completed' });
    expect(done.order_status).toBe('completed');
    const cancelled = await setStatus(await placeWithName(LONE_128), { order_status: 'cancelled' });
    expect(cancelled.order_status).toBe('cancelled');
  });

  it('keeps whole pairs as they are', async () => {
    const o = await placeWithName('Ayesha \ud83d\udc5f \udc5f\ud83d');
    expect(o.User_name).toBe('Ayesha \ud83d\udc5f \ufffd\ufffd');
  });
});
