import { unitPrice } from '@courtside/shop';
import { Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { signedInUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  shopWorld,
  type ShopWorld,
  saveSettings,
} from '../support/shop.js';

/**
 * Hoarding with many accounts (docs/limits.md, "Unconfirmed pairs"): the pairs held in pending
 * orders are limited per account, per phone number and per client address (IPv6 per /64), the
 * limits and the hold window being the owner's settings; the orders' clients are recorded for
 * the owner (collection order_clients) and go once the order leaves pending.
 */
let w: ShopWorld;
let p: Models.Document;
const clock = manualClock(new Date('2026-11-28T09:00:00.000Z'));

beforeAll(async () => {
  // The server believes the test's X-Forwarded-For, as it believes a proxy named in TRUST_PROXY.
  w = await shopWorld({ clock, env: { TRUST_PROXY: '127.0.0.1' } });
  p = await createProduct(w, { stock: 500 });
  await saveSettings(w, {
    pending_pairs_per_customer: 3,
    pending_pairs_per_phone: 3,
    pending_pairs_per_address: 6,
  });
});
afterAll(() => w.server.close());

type Customer = Awaited<ReturnType<typeof signedInUser>>;
let phones = 0;
/** A fresh account ordering from `ip`; each with a phone number of its own unless given one. */
async function customer(ip: string) {
  const c = await signedInUser(w.server, 'Hoarder');
  c.client.headers['X-Forwarded-For'] = ip;
  return c;
}
const freshPhone = () => `0300 ${String(7_000_000 + ++phones)}`;
const place = (who: Customer, pairs: number, phone = freshPhone()) =>
  w.placeOrder(who, [cartLine(p, pairs)], pairs * unitPrice(p as never), { phone });
const outcome = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'placed' : (r.reason as { type?: string }).type;
const cancel = (o: Models.Document) =>
  w.admin.databases.updateDocument(ids.database, ids.orders, o.$id, { order_status: 'cancelled' });

describe('unconfirmed pairs per phone number and per client address', () => {
  it('counts every account ordering for one phone number together', async () => {
    const phone = '0311 5550001';
    const [a, b, c] = [
      await customer('198.51.100.1'),
      await customer('198.51.100.2'),
      await customer('198.51.100.3'),
    ];
    await place(a, 1, phone);
    await place(b, 1, phone);
    await expect(place(c, 2, phone)).rejects.toMatchObject({
      code: 409,
      type: 'shop_too_many_pending',
      message: expect.stringContaining('this phone number already hold 2 pairs') as unknown,
    });
    // Written another way, the number is the same one.
    await expect(place(c, 2, '+92 311 555 0001')).rejects.toMatchObject({
      type: 'shop_too_many_pending',
    });
    await place(c, 1, phone);
    await place(c, 2); // another number
  });

  it('counts every account from one address, and IPv6 per /64', async () => {
    const net = (n: number) => `2001:db8:0:1::${n.toString(16)}`;
    const accounts = [await customer(net(1)), await customer(net(2)), await customer(net(3))];
    await place(accounts[0]!, 3);
    await place(accounts[1]!, 2);
    await expect(place(accounts[2]!, 2)).rejects.toMatchObject({
      code: 409,
      type: 'shop_too_many_pending',
      message: expect.stringContaining('your internet connection already hold 5 pairs') as unknown,
    });
    // The next /64 is another client.
    const neighbour = await customer('2001:db8:0:2::1');
    await place(neighbour, 3);
    // A released hold (the owner cancels) frees the pairs at once.
    const held = await place(accounts[2]!, 1);
    await cancel(held);
    await place(accounts[2]!, 1);
  });

  it('lets exactly as many pairs through when the accounts of one address order at once', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => customer('203.0.113.50')));
    const results = await Promise.allSettled(accounts.map((a) => place(a, 2)));
    const outcomes = results.map(outcome).sort();
    expect(outcomes).toEqual([
      'placed',
      'placed',
      'placed',
      'shop_too_many_pending',
      'shop_too_many_pending',
      'shop_too_many_pending',
    ]);
  });

  it('records each pending order for the owner alone, and forgets it once it leaves pending', async () => {
    const c = await customer('192.0.2.77');
    const placed = await place(c, 1, '0321 4445566');
    const record = await w.admin.databases.getDocument(ids.database, ids.orderClients, placed.$id);
    expect(record).toMatchObject({
      user_id: c.me.$id,
      phone: '+923214445566',
      client: '192.0.2.77',
      pairs: 1,
    });
    await expect(c.databases.listDocuments(ids.database, ids.orderClients)).rejects.toMatchObject({
      code: 401,
    });
    await w.admin.databases.updateDocument(ids.database, ids.orders, placed.$id, {
      order_status: 'confirmed',
    });
    const left = await w.admin.databases.listDocuments(ids.database, ids.orderClients, [
      Query.equal('$id', [placed.$id]),
    ]);
    expect(left.total).toBe(0);
  });

  it('does not count a loopback address: a proxy on the same machine that was not named', async () => {
    // Seven accounts of one machine: past the address's 6 pairs, yet each is placed.
    for (let i = 0; i < 7; i++) {
      const local = await signedInUser(w.server, `Local ${i}`);
      const placed = await place(local, 1);
      const record = await w.admin.databases.getDocument(
        ids.database,
        ids.orderClients,
        placed.$id,
      );
      expect(record.client).toBe('');
    }
  });

  it('holds the pairs of an order moved back to pending again', async () => {
    const phone = '0322 9998877';
    const [a, b, c] = [
      await customer('192.0.2.31'),
      await customer('192.0.2.32'),
      await customer('192.0.2.33'),
    ];
    const first = await place(a, 2, phone);
    const setStatus = (order_status: string) =>
      w.admin.databases.updateDocument(ids.database, ids.orders, first.$id, { order_status });
    await setStatus('confirmed');
    await place(b, 1, phone);
    // The confirmation undone: its 2 pairs are held unconfirmed again, with b's 1.
    await setStatus('pending');
    await expect(place(c, 1, phone)).rejects.toMatchObject({
      type: 'shop_too_many_pending',
      message: expect.stringContaining('already hold 3 pairs') as unknown,
    });
  });

  it("takes the limits and the hold window from the owner's settings", async () => {
    await saveSettings(w, { pending_pairs_per_address: 1, pending_hold_hours: 2 });
    const [a, b] = [await customer('192.0.2.88'), await customer('192.0.2.88')];
    const first = await place(a, 1);
    await expect(place(b, 1)).rejects.toMatchObject({ type: 'shop_too_many_pending' });
    clock.advance(2 * 3600_000 + 60_000);
    expect(await w.server.app.shop!.expirePendingOrders()).toBeGreaterThanOrEqual(1);
    expect(await w.admin.databases.getDocument(ids.database, ids.orders, first.$id)).toMatchObject({
      order_status: 'cancelled',
      cancelled_by: 'expiry',
    });
    // Its pairs and its hold are gone: the address may order again.
    await place(b, 1);
    await saveSettings(w, { pending_pairs_per_address: 6, pending_hold_hours: 48 });
  });

  it("refuses a setting out of range in the protocol's words", async () => {
    for (const value of [0, 1.5, 100_001, '3']) {
      await expect(saveSettings(w, { pending_pairs_per_phone: value })).rejects.toMatchObject({
        code: 400,
        type: 'document_invalid_structure',
      });
    }
  });
});
