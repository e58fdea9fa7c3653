import {
  isLiveOrderStatus,
  CATEGORY_SLUGS,
  ORDER_STATUSES,
  SHOP_IMAGE_ID_LIST,
  shopDay,
  shopMonth,
  shopYear,
  STATS_PRODUCTS_ID,
} from '@courtside/shop';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  describeSeed,
  type SeedResult,
} from '../../src/shop/seed/seed.js';
import { fakeShop, type FakeShop } from '../support/fake-shop.js';

let t: FakeShop;
let result: SeedResult | null;

describe('the demo shop', () => {
  beforeAll(async () => {
    t = await fakeShop({ SEED_DEMO: 'on' });
    result = await t.shop.start();
  }, 120_000);

  it('holds about 30 products over every category, some out of stock, with 2-4 photos each', () => {
    const products = t.all(t.ids.products);
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORY_SLUGS));
    const out = products.filter((p) => p.stoke === 'false');
    expect(out.length).toBeGreaterThanOrEqual(4);
    for (const p of products) {
      expect(p.$id).toMatch(/^\d{9}$/);
      expect(p.product_id).toBe(p.$id);
      expect(p.stoke).toBe(Number(p.stock) > 0 ? 'true' : 'false');
      expect(Number(p.size)).toBeGreaterThanOrEqual(40);
      expect(Number(p.size)).toBeLessThanOrEqual(47);
      expect(Number(p.condition)).toBeGreaterThanOrEqual(6);
      expect(Number(p.disc_price)).toBeLessThan(Number(p.price));
      // Its pictures are drawings: no word of photos showing this very pair.
      expect(String(p.description)).not.toMatch(/photo|picture|exact pair/i);
      const photos = [p.image, ...(JSON.parse(String(p.images)) as string[])];
      expect(photos.length).toBeGreaterThanOrEqual(2);
      expect(photos.length).toBeLessThanOrEqual(4);
      for (const id of photos) expect(t.files.has(`${t.ids.bucket}/${id}`)).toBe(true);
    }
  });

  it("stores the shop's own pictures under the ids the web app knows", async () => {
    for (const id of SHOP_IMAGE_ID_LIST) expect(t.files.has(`${t.ids.bucket}/${id}`)).toBe(true);
    const banner = await sharp(t.files.get(`${t.ids.bucket}/banner-1`)!).metadata();
    expect(banner).toMatchObject({ format: 'webp', width: 1600, height: 600 });
    const logo = await sharp(t.files.get(`${t.ids.bucket}/logo`)!).metadata();
    expect(logo).toMatchObject({ format: 'png', width: 512, height: 512, hasAlpha: true });
    const photo = await sharp(
      t.files.get(`${t.ids.bucket}/${t.all(t.ids.products)[0]!.image}`)!,
    ).metadata();
    expect(photo).toMatchObject({ format: 'webp', width: 900, height: 900 });
  });

  it('has a demo customer with orders in each status but returned, and a demo owner when none is configured', async () => {
    const customer = await t.account.findUserByEmail(DEMO_CUSTOMER.email);
    const owner = await t.account.findUserByEmail(DEMO_ADMIN.email);
    expect(customer).toBeDefined();
    expect(JSON.parse(owner!.labels)).toEqual(['admin']);
    const orders = t.all(t.ids.orders);
    const own = orders.filter((o) => o.user_id === customer!.id);
    // A parcel sent back would make the customer's number risky: another demo buyer has it.
    for (const status of ORDER_STATUSES) {
      const least = isLiveOrderStatus(status) ? 2 : status === 'returned' ? 0 : 1;
      expect(own.filter((o) => o.order_status === status).length).toBeGreaterThanOrEqual(least);
    }
    expect(own.some((o) => o.order_status === 'returned')).toBe(false);
    expect(orders.filter((o) => o.order_status === 'returned')).toHaveLength(1);
    expect(result).toMatchObject({
      orders: orders.length,
      customer: { email: DEMO_CUSTOMER.email },
    });
    expect(result!.customer.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(describeSeed(result!, 'http://localhost:3000/')).toContain(
      `${DEMO_CUSTOMER.email} / ${result!.customer.password}`,
    );
  });

  it('has sales in every month of last year and this year so far, and orders today', async () => {
    const now = t.clock.now();
    const months = new Set(t.all(t.ids.orders).map((o) => shopMonth(new Date(o.$createdAt))));
    const year = shopYear(now);
    const thisMonth = Number(shopMonth(now).slice(5));
    for (let m = 1; m <= 12; m++) {
      expect(months, `${year - 1}-${m}`).toContain(`${year - 1}-${String(m).padStart(2, '0')}`);
      if (m < thisMonth) expect(months).toContain(`${year}-${String(m).padStart(2, '0')}`);
    }
    const today = t
      .all(t.ids.orders)
      .filter((o) => shopDay(new Date(o.$createdAt)) === shopDay(now));
    expect(today.length).toBeGreaterThanOrEqual(2);
    expect(today.every((o) => o.order_status === 'pending')).toBe(true);
    const figures = t.all(t.ids.stats);
    const dayDoc = figures.find((d) => d.$id === `day-${shopDay(now)}`);
    expect(dayDoc).toMatchObject({ orders: today.length });
    const lastYearSales = figures
      .filter((d) => d.kind === 'month' && String(d.period).startsWith(String(year - 1)))
      .reduce((sum, d) => sum + Number(d.sales), 0);
    const lastYearOrders = t
      .all(t.ids.orders)
      .filter((o) => shopYear(new Date(o.$createdAt)) === year - 1)
      .filter((o) => isLiveOrderStatus(o.order_status))
      .reduce((sum, o) => sum + Number(o.price), 0);
    expect(lastYearSales).toBe(lastYearOrders);
    expect(lastYearSales).toBeGreaterThan(0);
  });

  it('starts with figures that match the data, and is not seeded twice', async () => {
    const totals = t.all(t.ids.stats).find((d) => d.$id === STATS_PRODUCTS_ID);
    const products = t.all(t.ids.products);
    expect(totals).toMatchObject({
      products: products.length,
      out_of_stock: products.filter((p) => p.stoke === 'false').length,
    });
    expect(await t.shop.start()).toBeNull();
    const again = await t.shop.seed();
    expect(again).toMatchObject({ products: 0, orders: 0 });
    expect(t.all(t.ids.products)).toHaveLength(products.length);
  });
});

describe('the demo owner at every start', () => {
  it('warns while it is an admin with the password the seed made, not once it is no longer one', async () => {
    const shop = await fakeShop({ SEED_DEMO: 'on' });
    await shop.shop.start();
    expect(shop.warnings).toEqual([]);
    await shop.shop.start();
    expect(shop.warnings).toEqual([
      expect.stringMatching(/^the demo owner is an admin with a password/),
    ]);
    const owner = await shop.account.findUserByEmail(DEMO_ADMIN.email);
    const ctx = { ip: '127.0.0.1', userAgent: 'test' };
    await shop.account.removeLabel(owner!.email!, 'admin', ctx);
    await shop.shop.start();
    expect(shop.warnings).toHaveLength(1);
  }, 120_000);
});
