import type { Browser, Page } from '@playwright/test';
import { expect, newEmail, test } from '../support/fixtures.js';
import { ADMIN } from '../support/server.js';

/*
 * D9: cart lines are the browser's copies of products. When the owner changes a price after a
 * customer put the pair in the cart, the server refuses the old total; the customer reviews the
 * cart, sees the new price and what changed, and the next checkout goes through.
 */

// A pair no other journey buys or edits, so each worker's shop keeps it as seeded.
const SOUR = 'Curry Flow 10 "Sour Then Sweet"';
const PROJECT = { 'X-Appwrite-Project': 'courtside', 'Content-Type': 'application/json' };

async function ownerPage(browser: Browser, baseURL: string) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  return page;
}

/** The owner's product update, as the dashboard's form sends it through the SDK. */
async function setDiscountPrice(owner: Page, productId: string, disc_price: number) {
  return owner.evaluate(
    async ({ productId, disc_price, headers }) =>
      (
        await fetch(`/v1/databases/shop/collections/products/documents/${productId}`, {
          method: 'PATCH',
          headers,
          credentials: 'include',
          body: JSON.stringify({ data: { disc_price } }),
        })
      ).status,
    { productId, disc_price, headers: PROJECT },
  );
}

async function fillCheckout(page: Page) {
  await page.getByLabel('Address *').fill('14 Canal Bank Road');
  await page.getByLabel('City').fill('Lahore');
  await page.getByLabel('Mobile number *').fill('0301 2345678');
}

test('the owner changes a price: the cart shows the new one and checkout succeeds', async ({
  page,
  browser,
  shop,
}) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Fatima Zahid');
  await page.getByLabel('Email').fill(newEmail('fatima'));
  await page.getByLabel('Password').fill('hoops-forever-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);

  const search = page.getByRole('combobox', { name: 'Search products by title' });
  await search.filter({ visible: true }).fill('Sour Then Sweet');
  await page
    .getByRole('search')
    .filter({ visible: true })
    .getByRole('link', { name: SOUR })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: SOUR })).toBeVisible();
  const productId = /\/product\/(\d+)$/.exec(page.url())![1]!;
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to Cart')).toBeVisible();

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await fillCheckout(page);

  // Meanwhile the owner raises the discount price.
  const owner = await ownerPage(browser, shop.url);
  expect(await setDiscountPrice(owner, productId, 31000)).toBe(200);
  await owner.context().close();

  await page.getByRole('button', { name: 'Place Order' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Prices changed' });
  await expect(alert).toBeVisible();
  // Checkout checked the cart at once: it says what changed and totals the new price.
  await expect(
    page.getByText(`${SOUR}: the price is now Rs.31,000 (was Rs.29,000).`),
  ).toBeVisible();
  await expect(page.getByTestId('subtotal')).toContainText('Rs.31,000');

  // The owner changes it once more; the cart page checks again when it opens.
  const again = await ownerPage(browser, shop.url);
  expect(await setDiscountPrice(again, productId, 30000)).toBe(200);
  await again.context().close();
  await alert.getByRole('link', { name: 'Review your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(
    page.getByText(`${SOUR}: the price is now Rs.30,000 (was Rs.31,000).`),
  ).toBeVisible();
  await expect(page.getByText('Subtotal (1 item)').locator('..')).toContainText('Rs.30,000');
  // The browser's copy is updated too: a reload shows the same.
  await page.reload();
  await expect(page.getByText('Subtotal (1 item)').locator('..')).toContainText('Rs.30,000');

  await page.getByRole('button', { name: 'Check Out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  if ((await page.getByLabel('Address *').inputValue()) === '') await fillCheckout(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thanks-for-shopping\?order=[0-9a-f]{6}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for shopping' })).toBeVisible();
});
