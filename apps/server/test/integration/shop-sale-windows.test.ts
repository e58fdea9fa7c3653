import { readOrderLines, saleChange, saleEndChange } from '@courtside/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { cartLine, createProduct, ids, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * An automatic sale (docs/shop.md, Sales): a sale price with a window. The kept sale_price and
 * the order's price follow the window; a closed or not yet open sale charges the full price.
 */

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const HOUR = 3600_000;
const sale = (from: number, until: number) => ({
  price: 20_000,
  disc_price: 15_000,
  sale_from: at(from),
  sale_until: at(until),
  stock: 5,
});

describe('a sale price with a window', () => {
  it('holds only while the window is open, for browsing and for the order', async () => {
    const running = await createProduct(w, sale(-HOUR, HOUR));
    const later = await createProduct(w, sale(HOUR, 2 * HOUR));
    expect(running.sale_price).toBe(15_000);
    expect(later.sale_price).toBe(20_000);
    const placed = await w.placeOrder(w.alice, [cartLine(running)], 15_000);
    expect(placed.price).toBe(15_000);
    // Not open yet: the sale price is refused, the full one taken, and kept as paid.
    await expectError(w.placeOrder(w.alice, [cartLine(later)], 15_000), {
      code: 409,
      type: 'shop_price_changed',
    });
    const full = await w.placeOrder(w.alice, [cartLine(later)], 20_000);
    expect(readOrderLines(full.products)[0]).toMatchObject({ price: 20_000, disc_price: 0 });
    expect(readOrderLines(full.products)[0]).not.toHaveProperty('sale_until');
  });

  it('closes on its own: the kept price goes back once the window ends', async () => {
    const p = await createProduct(w, sale(-HOUR, 1_500));
    expect(p.sale_price).toBe(15_000);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await w.server.app.shop?.refreshSaleWindows()).toBeGreaterThanOrEqual(1);
    const after = await w.admin.databases.getDocument(ids.database, ids.products, p.$id);
    expect(after.sale_price).toBe(20_000);
  });

  it('gives the pair its own discount price back when the sale ends, on time or early', async () => {
    const own = { price: 20_000, disc_price: 18_000, stock: 5 };
    const update = (id: string, data: Record<string, unknown>) =>
      w.admin.databases.updateDocument(ids.database, ids.products, id, data);
    const onTime = await createProduct(w, own);
    const during = await update(onTime.$id, saleChange(onTime as never, 25, at(-HOUR), at(1_500)));
    expect(during).toMatchObject({
      disc_price: 15_000,
      regular_disc_price: 18_000,
      sale_price: 15_000,
    });
    await new Promise((r) => setTimeout(r, 2_000));
    await w.server.app.shop?.refreshSaleWindows();
    expect(
      await w.admin.databases.getDocument(ids.database, ids.products, onTime.$id),
    ).toMatchObject({
      disc_price: 18_000,
      sale_from: null,
      sale_until: null,
      regular_disc_price: null,
      sale_price: 18_000,
    });
    // Ended early from the dashboard, and a second sale over a running one keeps the first's.
    const early = await createProduct(w, own);
    const first = await update(early.$id, saleChange(early as never, 10, at(-HOUR), at(HOUR)));
    const second = await update(early.$id, saleChange(first as never, 30, at(-HOUR), at(HOUR)));
    expect(second).toMatchObject({ disc_price: 14_000, regular_disc_price: 18_000 });
    const ended = await update(early.$id, saleEndChange(second as never));
    expect(ended).toMatchObject({ disc_price: 18_000, sale_until: null, sale_price: 18_000 });
    // Its own discount is still checked against the price.
    await expectError(update(early.$id, { regular_disc_price: 25_000 }), {
      code: 400,
      type: 'shop_product_invalid',
      message: 'Discount price cannot be above the price',
    });
  });

  it('must end after it starts', async () => {
    await expectError(createProduct(w, sale(HOUR, -HOUR)), {
      code: 400,
      type: 'shop_product_invalid',
      message: 'The sale must end after it starts',
    });
  });
});
