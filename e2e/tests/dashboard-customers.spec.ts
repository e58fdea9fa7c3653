import { formatPakistaniMobile, type Order } from '@courtside/shop';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';
import { logIn } from '../support/people.js';
import { ADMIN } from '../support/server.js';
import { listAll } from '../support/shop-api.js';

/**
 * The owner's Customers (docs/shop.md, The dashboard): one card per mobile number, found by the
 * start of the number as people say it ("0301"), with their orders and the owner's notes on them
 * one tap away.
 */
test.use({ viewport: PHONE_360 });

test('the owner finds a customer by the start of their number, notes on them and opens an order', async ({
  page,
  baseURL,
}) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const [order] = await listAll<Order>(page.request, baseURL!, 'orders', []);
  expect(order).toBeDefined();
  const phone = formatPakistaniMobile(order!.phone);
  await page.goto('/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await page.getByRole('searchbox', { name: /Search customers/ }).fill(phone.slice(0, 4));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${phone.slice(0, 4)}$`));
  const cards = page.getByRole('list', { name: 'Customers, latest order first' });
  const card = cards.getByRole('listitem').filter({ hasText: phone }).first();
  await expect(card).toBeVisible();
  for (const other of await cards.getByRole('link', { name: /^0\d{3} \d{7}$/ }).allTextContents()) {
    expect(other.startsWith(phone.slice(0, 4))).toBe(true);
  }
  await expectNoSideScroll(page, 'customers');
  await expectNoSeriousViolations(page, 'customers at 360 px');
  // Their page: the figures, their orders and the owner's notes, kept across visits.
  await card.getByRole('link', { name: /^Orders and notes of / }).click();
  await expect(page).toHaveURL(/\/dashboard\/customers\/%2B92\d{10}$/);
  const orders = page.getByRole('list', { name: 'Their orders, newest first' });
  await expect(
    orders.getByRole('link', { name: new RegExp(order!.order_number, 'i') }),
  ).toBeVisible();
  const note = `Asked for evening delivery ${Date.now()}`;
  await page.getByRole('textbox', { name: 'New note' }).fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText(note)).toBeVisible();
  await expectNoSideScroll(page, 'a customer');
  await expectNoSeriousViolations(page, 'a customer at 360 px');
  await page.reload();
  await expect(page.getByText(note)).toBeVisible();
  await orders.getByRole('link', { name: new RegExp(order!.order_number, 'i') }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order!.$id}$`));
});
