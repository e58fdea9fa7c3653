import { unitPrice } from '@courtside/shop';
import type { Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../support/sdk.js';
import { cartLine, createProduct, ids, order, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * No hoarding on the real databases: a customer holds at most 3 pairs in pending orders. The
 * pairs counted are kept as a tally beside the orders (order-rules.ts), so these check what the
 * tally must never get wrong: two orders at once, and orders written around the rules.
 */
let w: ShopWorld;
let p: Models.Document;

beforeAll(async () => {
  w = await shopWorld();
  p = await createProduct(w, { stock: 100 });
});
afterAll(() => w.server.close());

type Customer = Awaited<ReturnType<typeof signedInUser>>;
const place = (who: Customer, pairs: number) =>
  w.placeOrder(who, [cartLine(p, pairs)], pairs * unitPrice(p as never));
const outcome = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'placed' : (r.reason as { type?: string }).type;

describe('no hoarding, counted on the database', () => {
  it('lets one of two orders sent at once take the last pair a customer may hold', async () => {
    const c = await signedInUser(w.server, 'Saima');
    await place(c, 1);
    await place(c, 1);
    const both = await Promise.allSettled([place(c, 1), place(c, 1)]);
    expect(both.map(outcome).sort()).toEqual(['placed', 'shop_too_many_pending']);
    // Counted from the orders, too: the refusal names the 3 pairs held.
    await expect(place(c, 1)).rejects.toMatchObject({
      type: 'shop_too_many_pending',
      message: expect.stringContaining('You already have 3 pairs') as unknown,
    });
  });

  it('counts pending orders an import wrote around the rules once the import is done', async () => {
    const c = await signedInUser(w.server, 'Hamza');
    await place(c, 1);
    // An imported pending order of 2 pairs: no rule ran, no tally counted it.
    await w.server.app.databases.transaction(ids.database, async (docs) => {
      await docs.create(
        ids.orders,
        'bead01',
        {
          ...order(c.me.$id, [cartLine(p, 2)], 2 * unitPrice(p as never)),
          order_number: 'bead01',
          order_status: 'pending',
        },
        [`read("user:${c.me.$id}")`],
      );
    });
    await w.server.app.shop!.imported();
    await expect(place(c, 1)).rejects.toMatchObject({
      type: 'shop_too_many_pending',
      message: expect.stringContaining('You already have 3 pairs') as unknown,
    });
  });
});
