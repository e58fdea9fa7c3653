import {
  formatRs,
  isLiveOrderStatus,
  shopDay,
  shopMonth,
  shopYear,
  type Order,
  type Product,
} from '@courtside/shop';
import type { Page } from '@playwright/test';
import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, newEmail, test } from '../support/fixtures.js';
import { logIn, ownerPage, signUp } from '../support/people.js';
import { ADMIN, startShopServer } from '../support/server.js';
import { png } from '../support/pictures.js';
import { fileStatus, getDocument, listAll } from '../support/shop-api.js';

/**
 * The owner's dashboard against a real server with the demo shop (docs/shop.md#the-dashboard), on a
 * 360 px phone: a product's whole life, the overview's figures against the data, and who gets in.
 * The orders journeys are in dashboard-orders.spec.ts.
 */
test.use({ viewport: PHONE_360 });

const counter = (page: Page, label: string) =>
  page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');

const newArrivals = (page: Page) => page.getByRole('list', { name: 'New arrivals' });
const kobeShoes = (page: Page) => page.getByRole('list', { name: 'Kobe shoes' });

test.describe('dashboard', () => {
  test('a product with three photos leads New arrivals and its category; an edit (a new cover) shows on its page; a delete takes it and its files', async ({
    page,
    shop,
  }) => {
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/addproducts');
    const title = `Kobe 8 Test ${Date.now().toString(36)}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description').fill('Worn twice, box included');
    await page.getByLabel('Category').selectOption('kobe');
    await page.getByLabel('Shoe size (EUR)').fill('44.5');
    await page.getByLabel('Condition (out of 10)').fill('9');
    await page.getByLabel('Price (Rs.)', { exact: true }).fill('32000');
    await page.getByLabel('Discount price (Rs.)').fill('28000');
    await page
      .getByLabel('Add photos')
      .setInputFiles([png('main.png', true), png('side.png', false), png('top.png', true)]);
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(3);
    await expectNoSideScroll(page, 'add product');
    await page.getByRole('button', { name: 'Add Product' }).click();

    await expect(page).toHaveURL(/\/dashboard\/products$/);
    const firstCard = page.getByRole('listitem').first();
    await expect(firstCard).toContainText(title);
    await expect(firstCard).toContainText('Rs.28,000');
    await expect(firstCard.locator('img')).toHaveJSProperty('complete', true);
    await expectNoSideScroll(page, 'products');
    const update = page.getByRole('link', { name: `Update ${title}` });
    const id = (await update.getAttribute('href'))!.split('/').at(-1)!;
    expect(id).toMatch(/^\d{9}$/);
    const created = (await getDocument<Product>(page.request, shop.url, 'products', id))!;
    const extras = JSON.parse(created.images) as string[];
    expect(extras).toHaveLength(2);
    const firstMain = created.image;
    for (const file of [firstMain, ...extras]) {
      expect(await fileStatus(page.request, shop.url, file)).toBe(200);
    }

    // The newest product leads the home carousel, and its category page lists it.
    await page.goto('/');
    await expect(newArrivals(page).getByRole('listitem').first()).toContainText(title);
    await page.goto('/category/kobe');
    await expect(kobeShoes(page).getByRole('link', { name: title })).toBeVisible();

    await page.goto(`/dashboard/editproduct/${id}`);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(3);
    await expectNoSideScroll(page, 'edit product');
    await page.getByLabel('Price (Rs.)', { exact: true }).fill('35000');
    await page.getByLabel('Discount price (Rs.)').fill('29500');
    // A new photo made the cover, the old cover removed.
    await page.getByLabel('Add photos').setInputFiles(png('new-main.png', false));
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Move new-main.png left' }).click();
    }
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await page.getByRole('button', { name: 'Update' }).click();

    // Back on the product list; the product page shows the new price and the new cover.
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await page.goto(`/product/${id}`);
    const edited = (await getDocument<Product>(page.request, shop.url, 'products', id))!;
    expect(edited.image).not.toBe(firstMain);
    expect(JSON.parse(edited.images)).toEqual(extras);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Price Rs.29,500', { exact: true })).toBeVisible();
    await expect(page.getByText('Original price Rs.35,000', { exact: true })).toBeVisible();
    const mainPicture = page.getByRole('img', { name: `${title}, picture 1 of 3` });
    await expect(mainPicture).toHaveAttribute('src', new RegExp(`/files/${edited.image}/preview`));
    // The removed cover is gone from storage (D16).
    expect(await fileStatus(page.request, shop.url, firstMain)).toBe(404);

    await page.goto(`/dashboard/editproduct/${id}`);
    await page.getByRole('button', { name: 'Delete Product' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);

    // Gone from the shop, and its files with it.
    for (const file of [edited.image, ...extras]) {
      expect(await fileStatus(page.request, shop.url, file)).toBe(404);
    }
    await page.goto('/');
    await expect(newArrivals(page).getByRole('link').first()).toBeVisible();
    await expect(newArrivals(page).getByRole('link', { name: title })).toHaveCount(0);
    await page.goto('/category/kobe');
    await expect(kobeShoes(page).getByRole('link').first()).toBeVisible();
    await expect(kobeShoes(page).getByRole('link', { name: title })).toHaveCount(0);
    await page.goto(`/dashboard/editproduct/${id}`);
    await expect(page.getByRole('alert')).toHaveText(/This product no longer exists\./);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the products list' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
  });

  test("the overview's figures are the shop's data (D7)", async ({ browser }) => {
    test.slow(); // it starts a server of its own
    // A shop of its own, so every account and order it holds is known to this test.
    const own = await startShopServer();
    try {
      const page = await ownerPage(browser, own.url);
      // Sign-ups today: whatever the demo seed made (at least its customer), then one more.
      await page.goto('/dashboard/overview');
      await expect(counter(page, 'Customers today')).toHaveText(/^\d+$/);
      const before = Number(await counter(page, 'Customers today').innerText());
      expect(before).toBeGreaterThanOrEqual(1);
      const customer = await (
        await browser.newContext({ baseURL: own.url, viewport: PHONE_360 })
      ).newPage();
      await signUp(customer, 'Faisal Qureshi', newEmail('faisal'));
      await customer.context().close();

      const now = new Date();
      const orders = await listAll<Order>(page.request, own.url, 'orders');
      const products = await listAll<Product>(page.request, own.url, 'products');
      expect(orders.length).toBeGreaterThan(0);
      const year = shopYear(now);
      // Cancelled and returned orders are not sales (D24).
      const salesOf = (y: number, month: number) =>
        orders
          .filter((o) => isLiveOrderStatus(o.order_status))
          .filter(
            (o) => shopMonth(new Date(o.$createdAt)) === `${y}-${String(month).padStart(2, '0')}`,
          )
          .reduce((sum, o) => sum + o.price, 0);
      const customersToday = before + 1;
      const ordersToday = orders.filter((o) => shopDay(new Date(o.$createdAt)) === shopDay(now));
      const pending = orders.filter((o) => o.order_status === 'pending');

      await page.goto('/dashboard/overview');
      await expect(counter(page, 'Customers today')).toHaveText(String(customersToday));
      // The money: sales today and this month (live orders), their average, the cash still to
      // collect on open COD orders and the bank transfers to check, each added up from the orders.
      const live = orders.filter((o) => isLiveOrderStatus(o.order_status));
      const sum = (list: Order[]) => list.reduce((n, o) => n + o.price, 0);
      const liveToday = live.filter((o) => shopDay(new Date(o.$createdAt)) === shopDay(now));
      const liveMonth = live.filter((o) => shopMonth(new Date(o.$createdAt)) === shopMonth(now));
      const note = (label: string) => counter(page, label).locator('xpath=following-sibling::p[1]');
      const ordersText = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;
      expect(liveToday.length).toBe(ordersToday.length);
      await expect(counter(page, 'Sales today')).toHaveText(formatRs(sum(liveToday)));
      await expect(note('Sales today')).toHaveText(ordersText(liveToday.length));
      await expect(counter(page, 'Sales this month')).toHaveText(formatRs(sum(liveMonth)));
      await expect(note('Sales this month')).toHaveText(ordersText(liveMonth.length));
      await expect(counter(page, 'Average order')).toHaveText(
        formatRs(Math.round(sum(liveMonth) / liveMonth.length)),
      );
      const cash = orders.filter(
        (o) => o.payment_type === 'COD' && ['pending', 'confirmed'].includes(o.order_status),
      );
      await expect(counter(page, 'Cash to collect')).toHaveText(formatRs(sum(cash)));
      const transfers = pending.filter((o) => o.payment_type === 'Bank');
      await expect(counter(page, 'Bank transfers to check')).toHaveText(formatRs(sum(transfers)));
      await expect(counter(page, 'Products')).toHaveText(String(products.length));
      // Best sellers: the products with the most pairs sold, most first.
      const best = products
        .filter((p) => Number((p as unknown as { sold?: number }).sold ?? 0) > 0)
        .sort(
          (a, b) =>
            Number((b as unknown as { sold: number }).sold) -
            Number((a as unknown as { sold: number }).sold),
        );
      const bestList = page.getByRole('region', { name: 'Best sellers' }).getByRole('listitem');
      await expect(bestList).toHaveCount(Math.min(5, best.length));
      if (best[0]) await expect(bestList.first()).toContainText(best[0].title);
      // The chart shows a month's figures where it is pointed at: this month's, in rupees.
      const pointed = page.getByRole('img', { name: /Sales value by month/ });
      await pointed.scrollIntoViewIfNeeded();
      const chartBox = (await pointed.boundingBox())!;
      const thisMonthIndex = Number(shopMonth(now).slice(5)) - 1;
      await page.mouse.move(
        chartBox.x + 60 + ((chartBox.width - 72) * thisMonthIndex) / 11,
        chartBox.y + chartBox.height / 2,
      );
      await expect(page.getByRole('status').filter({ hasText: String(year) })).toContainText(
        formatRs(salesOf(year, thisMonthIndex + 1)),
      );
      const chart = page.getByRole('img', { name: /Sales value by month/ });
      await expect(chart).toHaveAttribute('height', '300');
      await expect(chart.locator('path')).toHaveCount(2);
      const table = page.getByRole('table', { name: 'Sales value by month' });
      const rows = table.locator('tbody tr');
      await expect(rows).toHaveCount(12);
      const thisMonth = Number(shopMonth(now).slice(5));
      for (let m = 1; m <= 12; m++) {
        const cells = rows.nth(m - 1).getByRole('cell');
        await expect(cells.nth(0)).toHaveText(m <= thisMonth ? formatRs(salesOf(year, m)) : '–');
        await expect(cells.nth(1)).toHaveText(formatRs(salesOf(year - 1, m)));
      }
      const panel = page.getByRole('heading', { name: 'New Orders' }).locator('xpath=../..');
      await expect(panel.getByRole('link').filter({ hasText: '#' })).toHaveCount(
        Math.min(6, pending.length),
      );
      await expectNoSideScroll(page, 'overview');
      await page.context().close();
    } finally {
      await own.stop();
    }
  });

  test('a customer is sent away from every dashboard route', async ({ page, shop }) => {
    await signUp(page, 'Sana Malik', newEmail('sana'));
    const [product] = await listAll<Product>(page.request, shop.url, 'products');
    for (const path of [
      '/dashboard',
      '/dashboard/overview',
      '/dashboard/products',
      '/dashboard/addproducts',
      `/dashboard/editproduct/${product!.$id}`,
      '/dashboard/orders',
      '/dashboard/orders/a1b2c3',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    }
  });
});
