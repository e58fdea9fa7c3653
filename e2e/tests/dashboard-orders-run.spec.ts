import {
  formatRs,
  shopMonth,
  statsDayId,
  type Order,
  type Product,
  type StatsFields,
} from '@courtside/shop';
import type { Browser, Page } from '@playwright/test';
import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, newEmail, test } from '../support/fixtures.js';
import { logIn, signUp } from '../support/people.js';
import { ADMIN } from '../support/server.js';
import { getDocument, listAll, PROJECT_HEADERS, placeOrder } from '../support/shop-api.js';

/**
 * Running cash-on-delivery orders from the dashboard (docs/shop.md#the-dashboard, D24), at 360 px
 * and, tagged @desktop, at 1280 px: a cancelled order's pair back on sale and out of the figures
 * (checked against the data), a refused status change saying why, finding an order by phone, and
 * a tracking number reaching the customer's open My Orders without a reload.
 */

type Size = 'phone' | 'desktop';

let phones = 0;
/** A Pakistani mobile no other order of the run has: 031 + 8 digits. */
const uniquePhone = () =>
  `031${String((Date.now() % 1_000_000) * 100 + (phones++ % 100)).padStart(8, '0')}`;

async function customerWithOrder(browser: Browser, baseURL: string, size: Size, name: string) {
  const context = await browser.newContext({
    baseURL,
    ...(size === 'phone' ? { viewport: PHONE_360 } : { viewport: { width: 1280, height: 800 } }),
  });
  const page = await context.newPage();
  await signUp(page, name, newEmail(name.split(' ')[0]!.toLowerCase()));
  const inStock = await listAll<Product>(page.request, baseURL, 'products', [
    'equal("stoke", ["true"])',
  ]);
  const product = inStock.reduce((a, b) => (b.stock > a.stock ? b : a));
  const phone = uniquePhone();
  const order = await placeOrder(page.request, baseURL, product, { name, phone, city: 'Multan' });
  return { page, product, order, phone };
}

async function setStatus(owner: Page, baseURL: string, id: string, status: string) {
  const res = await owner.request.patch(
    `${baseURL}/v1/databases/shop/collections/orders/documents/${id}`,
    { headers: PROJECT_HEADERS, data: { data: { order_status: status } } },
  );
  expect(res.ok(), await res.text()).toBe(true);
}

const counter = (page: Page, label: string) =>
  page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');

for (const size of ['phone', 'desktop'] as const) {
  test.describe(`running orders (${size})`, size === 'desktop' ? { tag: '@desktop' } : {}, () => {
    if (size === 'phone') test.use({ viewport: PHONE_360 });

    test('cancelling gives the pair back and leaves the figures; a refused change says why', async ({
      page,
      browser,
      shop,
    }) => {
      const customer = await customerWithOrder(browser, shop.url, size, 'Rashid Mehmood');
      const { order, product } = customer;
      await customer.page.context().close();
      await logIn(page, ADMIN.email, ADMIN.password);
      const stockOf = async () =>
        (await getDocument<Product>(page.request, shop.url, 'products', product.$id))!;
      const figures = async (id: string) => {
        const doc = await getDocument<StatsFields>(page.request, shop.url, 'stats', id);
        return [doc!.orders, doc!.sales];
      };
      const day = statsDayId(new Date());
      const month = `month-${shopMonth(new Date())}`;
      const before = {
        product: await stockOf(),
        day: await figures(day),
        month: await figures(month),
      };

      await page.goto(`/dashboard/orders/${order.$id}`);
      const status = page.getByRole('combobox', { name: 'Order status' });
      await expect(status).toHaveValue('pending');
      await status.selectOption('cancelled');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
      await expect(
        page.getByText(`Order #${order.$id.toUpperCase()} is now Cancelled`),
      ).toBeVisible();
      await expect(status).toHaveValue('cancelled');
      // Final: nothing else is offered.
      await expect(status.locator('option:not([disabled])')).toHaveText(['Cancelled']);
      // Its shipping is locked, and its packing slip tells the courier to collect nothing.
      const shipping = page.getByRole('region', { name: 'Shipping' });
      await expect(
        shipping.getByText(
          'This order is cancelled: its courier and tracking number can no longer be changed',
        ),
      ).toBeVisible();
      await expect(shipping.getByRole('combobox', { name: 'Courier' })).toBeDisabled();
      await expect(shipping.getByRole('button', { name: 'Save shipping' })).toHaveCount(0);
      await expectNoSideScroll(page, 'order page');
      await page.goto(`/dashboard/print?orders=${order.$id}`);
      await expect(page.getByText('Do not collect: this order is cancelled')).toBeVisible();
      await expect(page.getByText(/Collect cash/)).toHaveCount(0);

      // The data: the pair is on sale again, and today's orders and sales no longer count it.
      await expect.poll(async () => (await stockOf()).stock).toBe(before.product.stock + 1);
      expect((await stockOf()).stoke).toBe('true');
      const less = ([orders, sales]: number[]) => [orders! - 1, sales! - order.price];
      expect(await figures(day)).toEqual(less(before.day));
      expect(await figures(month)).toEqual(less(before.month));
      // ...and so does the overview.
      await page.goto('/dashboard/overview');
      const ordersToday = counter(page, 'Sales today').locator('xpath=following-sibling::p[1]');
      await expect(ordersToday).toHaveText(new RegExp(`^${before.day[0]! - 1} orders?$`));
      await expect(counter(page, 'Sales today')).toHaveText(formatRs(before.day[1]! - order.price));

      // Another tab completes a confirmed order while this page, cut off from live updates,
      // still shows it confirmed: moving it back to pending is refused with the server's words.
      const second = await customerWithOrder(browser, shop.url, size, 'Hina Baig');
      await second.page.context().close();
      await setStatus(page, shop.url, second.order.$id, 'confirmed');
      const stale = await page.context().newPage();
      await stale.routeWebSocket(/\/v1\/realtime/, () => {});
      await stale.goto(`/dashboard/orders/${second.order.$id}`);
      const staleStatus = stale.getByRole('combobox', { name: 'Order status' });
      await expect(staleStatus).toHaveValue('confirmed');
      await setStatus(page, shop.url, second.order.$id, 'completed');
      await staleStatus.selectOption('pending');
      await expect(
        stale.getByText(
          'The status was not changed: A complete order cannot be marked pending: it can become returned',
        ),
      ).toBeVisible();
      // The page then shows what is stored.
      await expect(staleStatus).toHaveValue('completed');
      const stored = await getDocument<Order>(page.request, shop.url, 'orders', second.order.$id);
      expect(stored!.order_status).toBe('completed');
    });

    test("the owner finds an order by phone; its tracking number reaches the customer's open My Orders", async ({
      page,
      browser,
      shop,
    }) => {
      // Long on a busy machine: the owner also confirms the order by phone before shipping it.
      test.slow();
      const customer = await customerWithOrder(browser, shop.url, size, 'Usman Tariq');
      const { order, phone } = customer;
      await customer.page.goto('/account/my-orders');
      const card = customer.page.getByRole('listitem', {
        name: `Order #${order.$id.toUpperCase()}`,
      });
      await expect(card).toContainText('Pending, unconfirmed');
      await expect(card).not.toContainText('Courier');

      await logIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/dashboard/orders');
      await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('pending');
      await page.getByRole('combobox', { name: 'Payment', exact: true }).selectOption('COD');
      // Part of the number (its last 7 digits) finds it too; the row calls or chats with them.
      const search = page.getByRole('searchbox', { name: 'Search orders' });
      await search.fill(phone.slice(4));
      const found = page.locator('tbody tr').filter({ hasText: 'Usman Tariq' });
      await expect(found).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${phone.slice(4)}&`));
      await expect(found.getByRole('link', { name: /^03\d\d \d{7}$/ })).toHaveAttribute(
        'href',
        `tel:+92${phone.slice(1)}`,
      );
      // WhatsApp opens the chat prefilled with the order and, while it waits, the buyer's link.
      const chat = found.getByRole('link', { name: 'WhatsApp Usman Tariq' });
      await expect(chat).toHaveAttribute(
        'href',
        new RegExp(`^https://wa\\.me/92${phone.slice(1)}\\?text=`),
      );
      const text = new URL((await chat.getAttribute('href'))!).searchParams.get('text');
      expect(text).toMatch(/confirm or cancel your order here: http\S+\/confirm\/[a-z0-9]+\.\S+$/);
      // Typed as people write it: +92, spaces and a dash.
      const typed = `+92 ${phone.slice(1, 4)} ${phone.slice(4, 7)}-${phone.slice(7)}`;
      await page.getByRole('searchbox', { name: 'Search orders' }).fill(typed);
      const rows = page.getByRole('link', { name: 'Usman Tariq', exact: true });
      await expect(rows).toHaveCount(1);
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expect(page).toHaveURL(/[?&]q=.+&status=pending&payment=COD$/);
      await expectNoSideScroll(page, 'orders, searched');
      await rows.click();

      // Confirmed by phone first: a cash-on-delivery order ships only once confirmed.
      const status = page.getByRole('combobox', { name: 'Order status' });
      await status.selectOption('confirmed');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm order' }).click();
      await expect(page.getByTestId('confirmed-by')).toHaveText(/^Confirmed by phone at /);
      const shipping = page.getByRole('region', { name: 'Shipping' });
      await shipping.getByRole('combobox', { name: 'Courier' }).selectOption('TCS');
      await shipping.getByRole('textbox', { name: 'Tracking number' }).fill('7794 0012 3456');
      await shipping.getByRole('button', { name: 'Save shipping' }).click();
      await expect(
        page.getByText('Tracking number saved: the customer sees it in My Orders'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Message on WhatsApp' })).toHaveAttribute(
        'href',
        new RegExp(`^https://wa\\.me/92${phone.slice(1)}\\?text=`),
      );
      await expectNoSideScroll(page, 'order page');

      // The customer's page, open all along, shows it without a reload.
      await expect(card).toContainText('Courier TCS', { timeout: 15_000 });
      await expect(card).toContainText('Tracking 779400123456');
      await expect(card.getByRole('link', { name: /Track parcel/ })).toHaveAttribute(
        'href',
        'https://www.tcsexpress.com/track/779400123456',
      );
      await expectNoSideScroll(customer.page, 'my orders');
      await customer.page.context().close();
    });
  });
}
