import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/*
 * The storefront against a real server with the demo shop (seeded at first start): browse,
 * cart, wishlist, search, the logged-out check out, stock limits, 404, link previews, and axe on
 * each page. They need the shop-server branch (the shop's rules and demo seed): move this file to
 * e2e/tests/ when it is merged. Verified 6/6 green on a local merge of storefront + shop-trial
 * (databases, storage, shop-server) with the headFor wiring, on 2026-11-22.
 */

const TEAM_ORANGE = 'Nike Kyrie Low 5 "Team Orange"'; // a few in stock
const GRINCH = 'Nike Kobe 6 Protro "Grinch"';
const COURT_PURPLE = 'Nike Kobe 8 "Court Purple"'; // sold out

const searchBox = (page: Page) =>
  page.getByRole('combobox', { name: 'Search products by title' }).filter({ visible: true });

async function searchAndOpen(page: Page, text: string, title: string) {
  await searchBox(page).click();
  await searchBox(page).fill(text);
  await page
    .getByRole('search')
    .filter({ visible: true })
    .getByRole('link', { name: title })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: ${serious.join('\n')}`).toEqual([]);
}

test.describe('storefront', () => {
  test('home -> category -> product -> cart -> wishlist -> search -> summary -> Check Out', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Best selling' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Show slide/ })).toHaveCount(5);
    await expectNoSeriousViolations(page, 'home');

    await page
      .getByRole('link', { name: 'Kyrie', exact: true })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/category\/kyrie$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kyrie' })).toBeVisible();
    await expectNoSeriousViolations(page, 'category');

    await page.getByRole('link', { name: TEAM_ORANGE }).click();
    await expect(page.getByRole('heading', { level: 1, name: TEAM_ORANGE })).toBeVisible();
    const left = page.getByText(/^Only \d+ left$/);
    await expect(left).toBeVisible();
    const stock = Number(/\d+/.exec((await left.textContent()) ?? '')![0]);
    expect(stock).toBeGreaterThan(1);
    await expect(page.getByRole('heading', { name: 'Related Items' })).toBeVisible();
    await expectNoSeriousViolations(page, 'product');

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to Cart')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText('Added to WishList')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await searchAndOpen(page, 'Grinch', GRINCH);
    await page.getByRole('button', { name: 'Add to cart' }).click();

    await page.getByRole('link', { name: /^Cart, \d+ items$/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const orange = page.getByRole('group', { name: `Quantity of ${TEAM_ORANGE}` });
    const more = orange.getByRole('button', { name: 'Increase quantity' });
    for (let n = 1; n < stock; n++) await more.click();
    await expect(more).toBeDisabled();
    await expect(orange.getByLabel('Quantity', { exact: true })).toHaveText(String(stock));
    await orange.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(orange.getByLabel('Quantity', { exact: true })).toHaveText(String(stock - 1));
    await expect(page.getByText(`Subtotal (${stock} items)`)).toBeVisible();
    await expectNoSeriousViolations(page, 'cart');

    await page.getByRole('button', { name: 'Check Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a sold-out product cannot be added to the cart', async ({ page }) => {
    await page.goto('/');
    await searchAndOpen(page, 'Court Purple', COURT_PURPLE);
    await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('the search dropdown: idle text and no result', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).click();
    await expect(page.getByText('Search items here').filter({ visible: true })).toBeVisible();
    await searchBox(page).fill('zzzz no such shoe');
    await expect(
      page.getByText('Your search did not match any Product').filter({ visible: true }),
    ).toBeVisible();
  });

  test('the cart survives a reload', async ({ page }) => {
    await page.goto('/');
    await searchAndOpen(page, 'Grinch', GRINCH);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: GRINCH })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: GRINCH })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  });

  test('an unknown route shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(
      page.getByText('The page you visited was not found. You may go to the home page.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back To Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a shared product link carries its preview tags (D19)', async ({ page, request }) => {
    await page.goto('/');
    await searchAndOpen(page, 'Grinch', GRINCH);
    const html = await (await request.get(page.url())).text();
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('"@type":"Product"');
    expect(html).toContain('Kobe 6 Protro');
  });
});
