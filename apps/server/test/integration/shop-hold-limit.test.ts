import { HOLD_LIMIT_PATH, holdLimitRule, unitPrice } from '@courtside/shop';
import type { Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SdkUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  shopWorld,
  type ShopWorld,
  saveSettings,
} from '../support/shop.js';

/** The hold limit said as the rule it is, and read by the storefront from the shop's settings. */

let w: ShopWorld;
let p: Models.Document;

beforeAll(async () => {
  w = await shopWorld();
  p = await createProduct(w, { stock: 100 });
});
afterAll(() => w.server.close());

const holdLimit = (who: SdkUser) =>
  who.client.call('get', new URL(`${who.client.config.endpoint}${HOLD_LIMIT_PATH}`)) as Promise<{
    pairs: number;
    hours: number;
  }>;

const place = (who: Awaited<ReturnType<typeof signedInUser>>, pairs: number) =>
  w.placeOrder(who, [cartLine(p, pairs)], pairs * unitPrice(p as never));

describe('the hold limit on unconfirmed pairs', () => {
  it('refuses a first order over it with the rule, never "0 pairs waiting"', async () => {
    const c = await signedInUser(w.server, 'Nadia');
    const refused = place(c, 4);
    await expect(refused).rejects.toMatchObject({
      code: 409,
      type: 'shop_too_many_pending',
      message: expect.stringContaining(holdLimitRule(3)) as unknown,
    });
    await expect(refused).rejects.not.toMatchObject({
      message: expect.stringMatching(/\b0 pairs|already have/) as unknown,
    });
  });

  it('counts only pending orders: a confirmed one frees its pairs', async () => {
    const c = await signedInUser(w.server, 'Omar');
    const first = await place(c, 3);
    await expect(place(c, 1)).rejects.toMatchObject({
      message: expect.stringContaining('You already have 3 pairs') as unknown,
    });
    await w.admin.databases.updateDocument(ids.database, ids.orders, first.$id, {
      order_status: 'confirmed',
    });
    await expect(place(c, 3)).resolves.toMatchObject({ order_status: 'pending' });
  });

  it('is read by anyone from the server: its starting value, then the owner’s setting', async () => {
    expect(await holdLimit(w.visitor)).toEqual({ pairs: 3, hours: 48 });
    await saveSettings(w, { pending_pairs_per_customer: 5 });
    expect(await holdLimit(w.visitor)).toEqual({ pairs: 5, hours: 48 });
    expect(await holdLimit(w.alice)).toEqual({ pairs: 5, hours: 48 });
    const c = await signedInUser(w.server, 'Parveen');
    await expect(place(c, 5)).resolves.toMatchObject({ order_status: 'pending' });
    await saveSettings(w, { pending_pairs_per_customer: null });
    expect(await holdLimit(w.visitor)).toEqual({ pairs: 3, hours: 48 });
  });
});
