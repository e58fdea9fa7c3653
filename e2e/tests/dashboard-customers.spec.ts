import { formatPakistaniMobile, type Product } from '@courtside/shop';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, newEmail, test } from '../support/fixtures.js';
import { logIn, signUp } from '../support/people.js';
import { ADMIN } from '../support/server.js';
import { listAll, placeOrder } from '../support/shop-api.js';

/**
 * The owner's Customers (docs/shop.md, The dashboard), at 360 px and, tagged @desktop, at 1280 px:
 * one card per mobile number, found by the start of the number as people say it ("0301"), with
 * their page a tap away: their orders and the owner's notes on them.
 */

let made = 0;
/** A 0301 number no other order of the run has. */
const number0301 = () =>
  `0301${String((Date.now() % 100_000) * 100 + (made++ % 100)).padStart(7, '0')}`;

for (const size of ['phone', 'desktop'] as const) {
  test.describe(`customers (${size})`, size === 'desktop' ? { tag: '@desktop' } : {}, () => {
    if (size === 'phone') test.use({ viewport: PHONE_360 });

    test(`the owner finds a customer by "0301", notes on them and opens their order${size === 'desktop' ? ' @desktop' : ''}`, async ({
      page,
      browser,
      baseURL,
    }) => {
      // A customer orders with a 0301 number.
      const buyer = await browser.newPage();
      const name = `Bilal Qureshi ${made}`;
      await signUp(buyer, name, newEmail('bilal'));
      const [product] = await listAll<Product>(buyer.request, baseURL!, 'products', [
        'equal("stoke", ["true"])',
      ]);
      const phone = number0301();
      const order = await placeOrder(buyer.request, baseURL!, product!, {
        name,
        phone,
        city: 'Lahore',
      });
      await buyer.close();

      await logIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/dashboard/customers');
      await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
      await page.getByRole('searchbox', { name: /Search customers/ }).fill('0301');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\?q=0301$/);
      const cards = page.getByRole('list', { name: 'Customers, latest order first' });
      const card = cards.getByRole('listitem', { name });
      await expect(card).toContainText(formatPakistaniMobile(phone));
      // Everyone found has a number starting 0301.
      for (const other of await cards
        .getByRole('link', { name: /^0\d{3} \d{7}$/ })
        .allTextContents()) {
        expect(other.startsWith('0301')).toBe(true);
      }
      await expectNoSideScroll(page, `customers at ${size}`);
      await expectNoSeriousViolations(page, `customers at ${size}`);

      // Their page: the figures, their orders and the owner's notes, kept across visits.
      await card.getByRole('link', { name: `Orders and notes of ${name}` }).click();
      await expect(page).toHaveURL(/\/dashboard\/customers\/%2B92301\d{7}$/);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      const orders = page.getByRole('list', { name: 'Their orders, newest first' });
      const line = orders.getByRole('link', { name: new RegExp(order.order_number, 'i') });
      await expect(line).toBeVisible();
      const note = `Asked for evening delivery ${Date.now()}`;
      await page.getByRole('textbox', { name: 'New note' }).fill(note);
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(page.getByText(note)).toBeVisible();
      await expectNoSideScroll(page, `a customer at ${size}`);
      await expectNoSeriousViolations(page, `a customer at ${size}`);
      await page.reload();
      await expect(page.getByText(note)).toBeVisible();
      await line.click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.$id}$`));
    });
  });
}
