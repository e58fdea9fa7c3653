import { readFile } from 'node:fs/promises';
import { shopDateTime, type Product } from '@courtside/shop';
import type { Page } from '@playwright/test';
import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, newEmail, test } from '../support/fixtures.js';
import { logIn } from '../support/people.js';
import { ADMIN, type ShopServer } from '../support/server.js';
import { uploadPicture } from '../support/pictures.js';
import { createDocument, deleteDocument, getDocument, listAll } from '../support/shop-api.js';

/**
 * The owner's day with the products and the subscribers (docs/shop.md#the-dashboard), against a
 * real server with the demo shop: each journey on a 360 px phone and, tagged @desktop, at 1280 px.
 */

type Journey = (page: Page, shop: ShopServer) => Promise<void>;

const GRID = 12;

/**
 * Signing in leads the owner to the Overview; the shop and back with Go To Dashboard from the
 * account menu; Log out from the dashboard.
 */
const dashboardAndBack: Journey = async (page) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Sales today', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the shop: Courtside' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /^Welcome/ }).click();
  await page.getByRole('link', { name: 'Go To Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Products', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Courtside home' })).toHaveText('Courtside');
  await expectNoSideScroll(page, 'dashboard');
  await page.getByRole('link', { name: 'Go to the shop: Courtside' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();

  await page.goto('/dashboard/overview');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
};

/** Every product is reachable: Next, page by page, to the oldest; the page is in the address. */
const pagesToTheOldest: Journey = async (page, shop) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const products = await listAll<Product>(page.request, shop.url, 'products');
  const pages = Math.ceil(products.length / GRID);
  expect(pages).toBeGreaterThan(1);
  await page.goto('/dashboard/products');
  await expect(page.getByText(`${products.length} products`)).toBeVisible();
  const grid = page.getByRole('list', { name: 'Products' });
  await expect(grid.getByRole('listitem').first()).toContainText(products[0]!.title);
  await expectNoSideScroll(page, 'products');
  for (let n = 2; n <= pages; n++) {
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByText(`Page ${n} of ${pages}`)).toBeVisible();
  }
  await expect(page).toHaveURL(new RegExp(`/dashboard/products\\?page=${pages}$`));
  await expect(grid.getByRole('listitem')).toHaveCount(products.length - (pages - 1) * GRID);
  await expect(grid.getByRole('listitem').last()).toContainText(products.at(-1)!.title);
  await page.reload();
  await expect(grid.getByRole('listitem').last()).toContainText(products.at(-1)!.title);
};

/** Two products of this journey's own, marked out of stock together: the data and the shop say so. */
const bulkOutOfStock: Journey = async (page, shop) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const tag = `Bulk${Date.now().toString(36)}`;
  const made = await Promise.all(
    [1, 2].map(async (n) =>
      createDocument<Product>(page.request, shop.url, 'products', {
        // One photo lists a pair.
        image: await uploadPicture(page.request, shop.url),
        title: `${tag} Kobe ${n}`,
        description: 'Two pairs for the bulk journey',
        category: 'kobe',
        price: 20_000,
        size: 44,
        condition: 9,
        stock: 2,
      }),
    ),
  );
  try {
    await page.goto('/dashboard/products?stock=in');
    await page.getByPlaceholder('Search').fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    for (const p of made) await page.getByRole('checkbox', { name: `Select ${p.title}` }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await expectNoSideScroll(page, 'products, two selected');
    await page.getByRole('button', { name: 'Mark out of stock' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm out of stock' });
    await expect(confirm).toContainText('Mark 2 products out of stock?');
    await confirm.getByRole('button', { name: 'Yes, mark out of stock' }).click();
    await expect(page.getByText('2 products marked out of stock')).toBeVisible();
    // The in-stock view no longer lists them.
    await expect(page.getByRole('checkbox', { name: `Select ${made[0]!.title}` })).toHaveCount(0);

    for (const p of made) {
      const stored = (await getDocument<Product>(page.request, shop.url, 'products', p.$id))!;
      expect(stored).toMatchObject({ stoke: 'false', stock: 0 });
    }
    await page.goto(`/product/${made[1]!.$id}`);
    await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  } finally {
    for (const p of made) await deleteDocument(page.request, shop.url, 'products', p.$id);
  }
};

/** A subscriber from the subscribe box's call, in the list and in the exported file. */
const subscribersCsv: Journey = async (page, shop) => {
  const email = newEmail('fan');
  // The footer's subscribe box's call, signed out.
  await createDocument(page.request, shop.url, 'subscribers', { email });
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/products');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Subscribers' })
    .click();
  await expect(page.getByRole('link', { name: email })).toBeVisible();
  await expectNoSideScroll(page, 'subscribers');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^courtside-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile(await download.path())).toString('utf8');
  const [header, ...rows] = text
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe('email,subscribed_at');
  const stored = await listAll<{ $id: string; email: string; $createdAt: string }>(
    page.request,
    shop.url,
    'subscribers',
  );
  // Dates in Pakistan time, as in every export.
  expect(rows).toEqual(stored.map((s) => `${s.email},${shopDateTime(s.$createdAt)}`));
  expect(rows[0]).toMatch(new RegExp(`^${email.replace(/\./g, '\\.')},`));
};

const JOURNEYS: [string, Journey][] = [
  ['Go To Dashboard from the account menu, back to the shop, and Log out', dashboardAndBack],
  ['the grid pages to the oldest product', pagesToTheOldest],
  ['several products marked out of stock at once, confirmed, show so in the shop', bulkOutOfStock],
  ['the subscribers list and its CSV export hold every subscriber', subscribersCsv],
];

test.describe('dashboard products and subscribers on a phone', () => {
  test.use({ viewport: PHONE_360 });
  for (const [name, journey] of JOURNEYS) {
    test(name, ({ page, shop }) => journey(page, shop));
  }
});

test.describe('dashboard products and subscribers on a desktop', { tag: '@desktop' }, () => {
  for (const [name, journey] of JOURNEYS) {
    test(name, ({ page, shop }) => journey(page, shop));
  }
});
