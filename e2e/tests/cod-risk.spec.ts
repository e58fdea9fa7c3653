import { formatPakistaniMobile, type Product } from '@courtside/shop';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, newEmail, test } from '../support/fixtures.js';
import { logIn, signUp } from '../support/people.js';
import { ADMIN } from '../support/server.js';
import { listAll, placeOrder, PROJECT_HEADERS } from '../support/shop-api.js';

/**
 * Numbers and cash on delivery (docs/shop.md, "Numbers and cash on delivery"), at 360 px and,
 * tagged @desktop, at 1280 px: a number whose parcel was refused once is labelled risky on the
 * order page and in the orders list; at checkout with that number cash on delivery is greyed out
 * with the reason and the order goes through by bank transfer; the owner blocks and unblocks the
 * number, and the change log says who and when.
 */

let made = 0;
/** A 0345 number no other order of the run has. */
const newNumber = () =>
  `0345${String((Date.now() % 100_000) * 100 + (made++ % 100)).padStart(7, '0')}`;

/** SCREENS=dir keeps a picture of each step there (for looking at the pages), or of a part. */
async function shot(page: Page | Locator, name: string) {
  if (!process.env.SCREENS) return;
  const path = `${process.env.SCREENS}/${name}.png`;
  if ('goto' in page) await page.screenshot({ path, fullPage: true });
  else await page.screenshot({ path });
}

async function moveOrder(owner: Page, baseURL: string, id: string, data: Record<string, unknown>) {
  const res = await owner.request.patch(
    `${baseURL}/v1/databases/shop/collections/orders/documents/${id}`,
    { headers: PROJECT_HEADERS, data: { data } },
  );
  expect(res.ok(), await res.text()).toBe(true);
}

for (const size of ['phone', 'desktop'] as const) {
  test.describe(`numbers and COD (${size})`, size === 'desktop' ? { tag: '@desktop' } : {}, () => {
    if (size === 'phone') test.use({ viewport: PHONE_360 });

    test(`a number that refused a parcel is risky and pays in advance; the owner blocks and unblocks it${size === 'desktop' ? ' @desktop' : ''}`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.slow();
      const phone = newNumber();
      const local = formatPakistaniMobile(phone);
      // A customer's COD order with the number: shipped with a tracking number, delivered, then
      // sent back (refused at the door), set up through the API.
      const buyer = await browser.newPage();
      const name = `Usman Tariq ${made}`;
      await signUp(buyer, name, newEmail('usman'));
      const inStock = await listAll<Product>(buyer.request, baseURL!, 'products', [
        'equal("stoke", ["true"])',
      ]);
      const product = inStock.reduce((a, b) => (b.stock > a.stock ? b : a));
      const order = await placeOrder(buyer.request, baseURL!, product, {
        name,
        phone,
        city: 'Lahore',
      });
      await buyer.close();

      await logIn(page, ADMIN.email, ADMIN.password);
      await moveOrder(page, baseURL!, order.$id, {
        order_status: 'confirmed',
        courier: 'TCS',
        tracking_number: '779900112233',
      });
      await moveOrder(page, baseURL!, order.$id, { order_status: 'completed' });
      await moveOrder(page, baseURL!, order.$id, { order_status: 'returned' });

      // The order page: the number's history and its label.
      await page.goto(`/dashboard/orders/${order.$id}`);
      const panel = page.getByRole('region', { name: 'Number history' });
      await expect(panel.getByText('Risky', { exact: true })).toBeVisible();
      await expect(panel.getByRole('definition').nth(1)).toHaveText('1');
      await expectNoSideScroll(page, `number history at ${size}`);
      await expectNoSeriousViolations(page, `number history at ${size}`);
      await shot(page, `order-page-risky-${size}`);

      // The orders list: the row's label.
      await page.goto(`/dashboard/orders?q=${encodeURIComponent(local)}`);
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row.locator('[data-label="risky"]')).toBeVisible();
      await expectNoSideScroll(page, `orders list at ${size}`);
      await shot(page, `orders-list-${size}`);

      // Checkout with that number, as a guest in a browser of their own: COD greyed out with
      // the reason, bank transfer chosen, and the order placed by bank transfer.
      const context = await browser.newContext({
        baseURL,
        viewport: size === 'phone' ? PHONE_360 : { width: 1280, height: 800 },
      });
      const shopper = await context.newPage();
      await shopper.goto(`/product/${product.$id}`);
      await shopper.getByRole('button', { name: 'Add to cart' }).click();
      await expect(shopper.getByText('Added to Cart').first()).toBeVisible();
      await shopper.goto('/login?next=%2Fcheckout');
      await shopper.getByRole('link', { name: 'Continue as guest' }).click();
      await expect(shopper).toHaveURL(/\/checkout$/);
      await shopper.getByLabel('First Name *').fill('Usman');
      await shopper.getByLabel('Address *').fill('House 4, Street 9, Gulberg');
      await shopper.getByLabel('City *').fill('Lahore');
      await shopper.getByLabel('Mobile number *').fill(local);
      const cod = shopper.getByRole('radio', { name: /Cash on delivery/ });
      await expect(cod).toBeDisabled();
      await expect(shopper.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
      await expect(
        shopper.getByText(/Cash on delivery is not available for this mobile number\./),
      ).toBeVisible();
      await expectNoSideScroll(shopper, `checkout without COD at ${size}`);
      await expectNoSeriousViolations(shopper, `checkout without COD at ${size}`);
      await shot(shopper, `checkout-cod-greyed-${size}`);
      await shot(shopper.getByRole('group', { name: 'Payment method' }), `payment-${size}`);
      await shopper.getByRole('button', { name: 'Place Order' }).click();
      await expect(shopper).toHaveURL(/\/thanks-for-shopping\?order=[0-9a-f]{6}$/);
      await context.close();

      // Block with a reason, then unblock: the change log says who and when.
      await page.goto(`/dashboard/orders/${order.$id}`);
      await panel.getByRole('button', { name: 'Block number' }).click();
      await expect(panel.getByRole('alert')).toHaveText(/Say why this number is blocked/);
      await panel.getByLabel('Reason for blocking').fill('Refused a parcel, ask for an advance');
      await panel.getByRole('button', { name: 'Block number' }).click();
      await expect(panel.getByText('Blocked', { exact: true }).first()).toBeVisible();
      const log = panel.getByRole('list', { name: 'Blocks and unblocks, newest first' });
      await expect(log.getByRole('listitem')).toHaveCount(1);
      await expect(log.getByRole('listitem').first()).toContainText('Blocked by');
      await expect(log.getByRole('listitem').first()).toContainText(
        'Refused a parcel, ask for an advance',
      );
      await shot(page, `order-page-blocked-${size}`);
      await panel.getByLabel('Reason for unblocking (optional)').fill('Paid the courier');
      await panel.getByRole('button', { name: 'Unblock number' }).click();
      await expect(log.getByRole('listitem')).toHaveCount(2);
      await expect(log.getByRole('listitem').first()).toContainText('Unblocked by');
      await expect(panel.getByText('Risky', { exact: true })).toBeVisible();
      await expectNoSideScroll(page, `change log at ${size}`);
      await expectNoSeriousViolations(page, `change log at ${size}`);
      await shot(page, `order-page-log-${size}`);
      await shot(panel, `number-panel-${size}`);

      // The settings: Cash on delivery and Risk.
      await page.goto('/dashboard/settings');
      await expect(page.getByRole('form', { name: 'Cash on delivery' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Risk' })).toBeVisible();
      await expectNoSideScroll(page, `settings at ${size}`);
      await shot(page, `settings-${size}`);
      await shot(page.getByRole('form', { name: 'Cash on delivery' }), `settings-cod-${size}`);
    });
  });
}
