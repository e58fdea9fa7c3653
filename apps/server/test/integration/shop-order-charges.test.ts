import { CHARGES_PATH, COD_FEE, DEFAULT_CHARGES, SHOP_MESSAGES } from '@courtside/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { lastMailTo } from '../support/outbox.js';
import { signedInUser, type SdkUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  saveSettings,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * What an order pays beyond its pairs: the server prices the delivery charge (the owner's
 * setting, waived from the free-delivery threshold) into the order's stored total, whatever total
 * the browser sent, and anyone may read the charges the pages say.
 */

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

const charges = (who: SdkUser) =>
  who.client.call('get', new URL(`${who.client.config.endpoint}${CHARGES_PATH}`)) as Promise<{
    delivery_charge: number;
    free_delivery_from: number;
    cod_fee: number;
  }>;

const place = (who: ShopWorld['alice'], lines: unknown[], price: number, over = {}) =>
  w.placeOrder(who, lines, price, over);

const priceChanged = { code: 409, type: 'shop_price_changed', message: SHOP_MESSAGES.priceChanged };

describe('the delivery charge', () => {
  it('is added below the free-delivery threshold and waived from it, with the default settings', async () => {
    expect(await charges(w.visitor)).toEqual({
      delivery_charge: DEFAULT_CHARGES.delivery,
      free_delivery_from: DEFAULT_CHARGES.freeFrom,
      cod_fee: COD_FEE,
      cod_max_value: 0,
      cod_cities: [],
    });
    const cheap = await createProduct(w, { price: 6_000, disc_price: 0, stock: 5 });
    // The total a browser would send without the delivery charge is refused, nothing stored.
    await expectError(
      place(w.alice, [cartLine(cheap)], 6_000 + COD_FEE, { payment_type: 'COD' }),
      priceChanged,
    );
    const placed = await place(w.alice, [cartLine(cheap)], 6_000 + 250 + COD_FEE, {
      payment_type: 'COD',
    });
    expect(placed).toMatchObject({ price: 6_750, delivery: 250, cod_fee: COD_FEE });
    // The buyer's e-mail lists it as the order did.
    await w.server.app.shop?.idle();
    const mail = await lastMailTo(w.server.dataDir, 'ayesha@example.pk');
    expect(mail.text).toContain('Delivery charge: Rs.250');
    expect(mail.text).toContain('Total: Rs.6,750');
    // From the threshold on (the pairs before any code), delivery is free.
    const dear = await createProduct(w, { price: 12_000, disc_price: 10_000, stock: 5 });
    expect(await place(w.bob, [cartLine(dear)], 10_000)).toMatchObject({
      price: 10_000,
      delivery: 0,
    });
  });

  it('follows the owner’s settings; a delivery charge sent by the browser is refused', async () => {
    await saveSettings(w, { delivery_charge: 400, free_delivery_from: 20_000 });
    expect(await charges(w.alice)).toMatchObject({
      delivery_charge: 400,
      free_delivery_from: 20_000,
    });
    const p = await createProduct(w, { price: 12_000, disc_price: 0, stock: 5 });
    await expectError(place(w.alice, [cartLine(p)], 12_000), priceChanged);
    await expectError(place(w.alice, [cartLine(p)], 12_400, { delivery: 1 }), {
      code: 400,
      type: 'shop_order_invalid',
    });
    const stored = await place(w.alice, [cartLine(p)], 12_400, { delivery: 0 });
    expect(stored).toMatchObject({ price: 12_400, delivery: 400 });
    const read = await w.admin.databases.getDocument(ids.database, ids.orders, stored.$id);
    expect(read).toMatchObject({ price: 12_400, delivery: 400 });
    expect(await place(w.bob, [cartLine(p, 2)], 24_000)).toMatchObject({ delivery: 0 });
    // Always free when the owner sets no charge.
    await saveSettings(w, { delivery_charge: 0 });
    expect(await place(w.alice, [cartLine(p)], 12_000)).toMatchObject({ delivery: 0 });
  });

  it('takes the owner’s cash-on-delivery fee, kept with each order; a fee sent by the browser is refused', async () => {
    // Two customers of their own: Alice and Bob hold the pairs an account may (3) by now.
    const [carol, dan] = [
      await signedInUser(w.server, 'Carol'),
      await signedInUser(w.server, 'Dan'),
    ];
    await saveSettings(w, { cod_fee: 300, delivery_charge: 0 });
    expect(await charges(w.visitor)).toMatchObject({ cod_fee: 300, delivery_charge: 0 });
    const p = await createProduct(w, { price: 5_000, disc_price: 0, stock: 5 });
    await expectError(
      place(carol, [cartLine(p)], 5_000 + COD_FEE, { payment_type: 'COD' }),
      priceChanged,
    );
    await expectError(place(carol, [cartLine(p)], 5_300, { payment_type: 'COD', cod_fee: 1 }), {
      code: 400,
      type: 'shop_order_invalid',
    });
    const cod = await place(carol, [cartLine(p)], 5_300, { payment_type: 'COD' });
    expect(cod).toMatchObject({ price: 5_300, cod_fee: 300 });
    // A bank transfer pays no fee; an order keeps the fee it was placed with.
    expect(await place(dan, [cartLine(p)], 5_000)).toMatchObject({ price: 5_000, cod_fee: 0 });
    await saveSettings(w, { cod_fee: 0 });
    expect(await place(dan, [cartLine(p)], 5_000, { payment_type: 'COD' })).toMatchObject({
      cod_fee: 0,
    });
    const kept = await w.admin.databases.getDocument(ids.database, ids.orders, cod.$id);
    expect(kept).toMatchObject({ price: 5_300, cod_fee: 300 });
  });

  it('refuses settings out of range in words', async () => {
    for (const data of [
      { delivery_charge: -1 },
      { free_delivery_from: 1.5 },
      { delivery_charge: '250' },
      { cod_fee: -5 },
    ]) {
      await expectError(saveSettings(w, data), {
        code: 400,
        type: 'document_invalid_structure',
      });
    }
  });
});
