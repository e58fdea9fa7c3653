/*
 * The dashboard's journeys against a real server. They need the databases, storage and
 * shop-server branches (documents, files, the shop's rules and demo seed): move this file to
 * e2e/tests/ when those are merged. Verified 4/4 green on a local merge of dashboard + databases +
 * storage + shop-server (registerShop wired in app.ts) on 2026-11-22.
 */
import { ADMIN } from '../support/server.js';
import { expect, test } from '../support/fixtures.js';
import type { Page } from '@playwright/test';

/** A valid 8x8 PNG (the server sniffs file types), in two colours so the files differ. */
const png = (name: string, red: boolean) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    red
      ? 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII='
      : 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGNQTX6NFTEMLQkADGRcwcht3uAAAAAASUVORK5CYII=',
    'base64',
  ),
});

async function logInAsOwner(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The preview URLs of a form's stored images (absolute, so page.request can fetch them). */
async function storedImages(page: Page, field: string): Promise<string[]> {
  const list = page.getByRole('list', { name: `${field}: stored` });
  await expect(list.locator('img').first()).toBeVisible();
  return list.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
}

const counter = (page: Page, label: string) =>
  page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');

test.describe('dashboard', () => {
  test('the owner adds a product with images, finds it, edits it and deletes it', async ({
    page,
  }) => {
    await logInAsOwner(page);
    await page.goto('/dashboard/addproducts');
    const title = `Kobe 8 Test ${Date.now().toString(36)}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description').fill('Worn twice, box included');
    await page.getByLabel('Category').selectOption('kobe');
    await page.getByLabel('Shoe size (EUR)').fill('44.5');
    await page.getByLabel('Condition (out of 10)').fill('9');
    await page.getByLabel('Price (Rs.)', { exact: true }).fill('32000');
    await page.getByLabel('Discount price (Rs.)').fill('28000');
    await page.getByLabel('Main image', { exact: true }).setInputFiles(png('main.png', true));
    await page
      .getByLabel('Extra images')
      .setInputFiles([png('side.png', false), png('top.png', true)]);
    await page.getByRole('button', { name: 'Add Product' }).click();

    await expect(page).toHaveURL(/\/dashboard\/products$/);
    const firstCard = page.getByRole('listitem').first();
    await expect(firstCard).toContainText(title);
    await expect(firstCard).toContainText('Rs.28,000');
    await expect(firstCard.locator('img')).toHaveJSProperty('complete', true);

    await page.getByPlaceholder('Search').fill(title.split(' ').at(-1)!);
    await expect(page.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('link', { name: `Update ${title}` }).click();

    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(
      page.getByRole('list', { name: 'Extra images: stored' }).getByRole('listitem'),
    ).toHaveCount(2);
    const [oldMain] = await storedImages(page, 'Main image');
    await page.getByLabel('Price (Rs.)', { exact: true }).fill('31000');
    await page.getByLabel('Main image', { exact: true }).setInputFiles(png('new-main.png', false));
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/product\/\d{9}$/);
    const id = page.url().split('/').at(-1)!;

    await page.goto(`/dashboard/editproduct/${id}`);
    await expect(page.getByLabel('Price (Rs.)', { exact: true })).toHaveValue('31000');
    // The replaced main image is gone from storage (D16); the new one is served.
    const files = [
      ...(await storedImages(page, 'Main image')),
      ...(await storedImages(page, 'Extra images')),
    ];
    expect(files).toHaveLength(3);
    expect(files).not.toContain(oldMain);
    expect((await page.request.get(oldMain!)).status()).toBe(404);
    expect((await page.request.get(files[0]!)).status()).toBe(200);
    await page.getByRole('button', { name: 'Delete Product' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page).toHaveURL(/\/dashboard\/addproducts$/);
    await page.goto(`/dashboard/editproduct/${id}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Its files went with it.
    for (const file of files) expect((await page.request.get(file)).status()).toBe(404);
  });

  test('the owner changes an order status and the counters follow', async ({ page }) => {
    await logInAsOwner(page);
    await page.goto('/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'All Orders' })).toBeVisible();
    const pending = counter(page, 'Pending');
    const delivered = counter(page, 'Delivered');
    await expect(pending).not.toHaveText('–');
    const before = {
      pending: Number(await pending.textContent()),
      delivered: Number(await delivered.textContent()),
    };
    expect(before.pending).toBeGreaterThan(0);

    const select = page
      .locator('select')
      .filter({ has: page.locator('option:checked', { hasText: 'Pending' }) })
      .first();
    const name = await select.getAttribute('aria-label');
    await select.selectOption('completed');
    await expect(page.getByRole('combobox', { name: name! })).toHaveValue('completed');
    await expect(pending).toHaveText(String(before.pending - 1));
    await expect(delivered).toHaveText(String(before.delivered + 1));

    await page.reload();
    await expect(page.getByRole('combobox', { name: name! })).toHaveValue('completed');
  });

  test('a refused status change rolls back with a toast', async ({ page }) => {
    await logInAsOwner(page);
    await page.goto('/dashboard/orders');
    const select = page.getByRole('combobox').first();
    const was = await select.inputValue();
    const next = was === 'confirmed' ? 'pending' : 'confirmed';
    // The server refuses (as it would for a session that lost the admin label).
    await page.route('**/v1/databases/*/collections/orders/documents/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'The current user is not authorized to perform the requested action.',
              code: 401,
              type: 'user_unauthorized',
              version: '1.4.13',
            }),
          })
        : route.continue(),
    );
    await select.selectOption(next);
    await expect(
      page.getByText('The status was not changed: The current user is not authorized'),
    ).toBeVisible();
    await expect(select).toHaveValue(was);
  });

  test("the overview's figures match the shop's data", async ({ page }) => {
    await logInAsOwner(page);
    await page.goto('/dashboard/products');
    const total = counter(page, 'Total Products');
    await expect(total).not.toHaveText('–');
    const products = await total.textContent();
    await page.goto('/dashboard/orders');
    const pendingOrders = counter(page, 'Pending');
    await expect(pendingOrders).not.toHaveText('–');
    const pending = Number(await pendingOrders.textContent());

    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(counter(page, 'Total Product')).toHaveText(products!);
    const chart = page.getByRole('img', { name: /Sales value by month/ });
    await expect(chart).toHaveAttribute('height', '300');
    await expect(chart.locator('path')).toHaveCount(2);
    const panel = page.getByRole('heading', { name: 'New Orders' }).locator('xpath=../..');
    await expect(panel.getByRole('link').filter({ hasText: '#' })).toHaveCount(
      Math.min(6, pending),
    );
  });
});
