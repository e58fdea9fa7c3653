import type { Product } from '@courtside/shop';
import type { Browser, Page } from '@playwright/test';
import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';
import { logIn } from '../support/people.js';
import { png, uploadPicture } from '../support/pictures.js';
import { ADMIN, type ShopServer } from '../support/server.js';
import { createDocument, deleteDocument, getDocument } from '../support/shop-api.js';

/**
 * Products that are easy to keep (docs/shop.md#drafts-and-photos), against a real server with
 * the demo shop, on a 360 px phone and (tagged @desktop) at 1280 px: a pair listed with one
 * photo, another's photos put in a new order (buttons on the phone, a drag on the desktop) as
 * its page then shows them; a draft no shopper can reach until published; prices and stock
 * edited in the table, a refusal rolled back in plain sight.
 */

type Journey = (page: Page, shop: ShopServer, browser: Browser, wide: boolean) => Promise<void>;

const tag = () => Date.now().toString(36);

/** A product of the journey's own with `photos` uploaded photos, made through the API. */
async function productWithPhotos(page: Page, shop: ShopServer, title: string, photos: number) {
  const ids: string[] = [];
  for (let i = 0; i < photos; i++) ids.push(await uploadPicture(page.request, shop.url));
  return createDocument<Product>(page.request, shop.url, 'products', {
    title,
    description: 'A pair of this journey',
    category: 'kobe',
    price: 30_000,
    disc_price: 25_000,
    size: 44,
    condition: 9,
    stock: 2,
    image: ids[0]!,
    images: JSON.stringify(ids.slice(1)),
  });
}

async function fillProduct(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('One photo is enough');
  await page.getByLabel('Category').selectOption('kobe');
  await page.getByLabel('Shoe size (EUR)').fill('44');
  await page.getByLabel('Condition (out of 10)').fill('9');
  await page.getByLabel('Price (Rs.)', { exact: true }).fill('21000');
  await page.getByLabel('Discount price (Rs.)').fill('0');
}

const onePhotoAndReorder: Journey = async (page, shop, _browser, wide) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const title = `One Photo Kobe ${tag()}`;
  await page.goto('/dashboard/addproducts');
  await fillProduct(page, title);
  // A file that only calls itself a picture is refused, named, with the reason.
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') },
      png('front.png'),
    ]);
  await expect(page.getByRole('alert')).toHaveText('fake.png is not a picture');
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);
  await expectNoSideScroll(page, 'add product');
  await page.getByRole('button', { name: 'Add Product' }).click();

  // Back on the list, the pair first, its photo whole (never cropped).
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
  await expect(card).toContainText(title);
  await expect(card.locator('img')).toHaveCSS('object-fit', 'contain');
  const id = (await card.getByRole('link', { name: `Update ${title}` }).getAttribute('href'))!
    .split('/')
    .at(-1)!;
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // A lone photo is named by the title alone.
  await expect(page.getByRole('img', { name: title, exact: true }).first()).toBeVisible();

  // Another pair's three photos: the last made the cover.
  const other = await productWithPhotos(page, shop, `Reorder Kobe ${tag()}`, 3);
  const [first, second, third] = [other.image, ...(JSON.parse(other.images) as string[])];
  try {
    await page.goto(`/dashboard/editproduct/${other.$id}`);
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(photos).toHaveCount(3);
    if (wide) {
      await photos.nth(2).dragTo(photos.nth(0));
    } else {
      await page.getByRole('button', { name: 'Move photo 3 left' }).click();
      await page.getByRole('button', { name: 'Move photo 2 left' }).click();
    }
    await expect(photos.nth(0).getByRole('img')).toHaveAttribute('src', new RegExp(third!));
    await expect(page.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    const saved = (await getDocument<Product>(page.request, shop.url, 'products', other.$id))!;
    expect([saved.image, ...(JSON.parse(saved.images) as string[])]).toEqual([
      third,
      first,
      second,
    ]);
    await page.goto(`/product/${other.$id}`);
    await expect(page.getByRole('img', { name: `${other.title}, picture 1 of 3` })).toHaveAttribute(
      'src',
      new RegExp(`/files/${third}/preview`),
    );
  } finally {
    await deleteDocument(page.request, shop.url, 'products', other.$id);
    await deleteDocument(page.request, shop.url, 'products', id);
  }
};

const draftUntilPublished: Journey = async (page, shop, browser) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const made = await productWithPhotos(page, shop, `Hidden Draft Kobe ${tag()}`, 1);
  const shopper = await (await browser.newContext({ baseURL: shop.url })).newPage();
  try {
    await page.goto(`/dashboard/editproduct/${made.$id}`);
    await page.getByLabel('Draft: hidden from shoppers').check();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);

    // Marked in the dashboard, with its Publish button; the owner's page says it is a draft.
    await page.goto('/dashboard/products?stock=draft');
    const card = page.getByRole('listitem').filter({ hasText: made.title });
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    await page.goto(`/product/${made.$id}`);
    await expect(page.getByRole('note')).toContainText('Draft: only you see this page');

    // A shopper finds it nowhere: not at its link, not in a search, not in its line.
    await shopper.goto(`/product/${made.$id}`);
    await expect(shopper.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await shopper.goto(`/search?q=${encodeURIComponent('Hidden Draft Kobe')}`);
    await expect(shopper.getByRole('link', { name: made.title })).toHaveCount(0);
    // The link preview is the shop's own, not the draft's.
    const html = await (await shopper.request.get(`/product/${made.$id}`)).text();
    expect(html).not.toContain(made.title);

    await page.goto('/dashboard/products?stock=draft');
    await page.getByRole('button', { name: `Publish ${made.title}` }).click();
    await expect(page.getByText(`${made.title} is in the shop`)).toBeVisible();
    await shopper.goto(`/product/${made.$id}`);
    await expect(shopper.getByRole('heading', { level: 1, name: made.title })).toBeVisible();
  } finally {
    await shopper.context().close();
    await deleteDocument(page.request, shop.url, 'products', made.$id);
  }
};

const tableEdits: Journey = async (page, shop) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const made = await productWithPhotos(page, shop, `Table Kobe ${tag()}`, 1);
  try {
    await page.goto(`/dashboard/products?q=${encodeURIComponent(made.title)}`);
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('link', { name: `Update ${made.title}` })).toBeVisible();
    await expectNoSideScroll(page, 'products table');

    const stock = table.getByLabel(`Stock of ${made.title}`);
    await stock.fill('5');
    await stock.press('Enter');
    await expect
      .poll(
        async () =>
          (await getDocument<Product>(page.request, shop.url, 'products', made.$id))!.stock,
      )
      .toBe(5);

    // Below its discount price the server refuses the price: the old one comes back, with why.
    const price = table.getByLabel(`Price of ${made.title}`);
    await price.fill('20000');
    await price.press('Enter');
    await expect(table.getByRole('alert')).toHaveText(
      'Price of ' + made.title + ' not saved: Discount price cannot be above the price',
    );
    await expect(price).toHaveValue('30000');
    await price.fill('32000');
    await price.press('Enter');
    await expect
      .poll(
        async () =>
          (await getDocument<Product>(page.request, shop.url, 'products', made.$id))!.price,
      )
      .toBe(32_000);
  } finally {
    await deleteDocument(page.request, shop.url, 'products', made.$id);
  }
};

const backWhereTheyWere: Journey = async (page) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/products?page=2&view=table');
  const links = page
    .getByRole('table', { name: 'Products' })
    .getByRole('link', { name: /^Update / });
  await expect(links.first()).toBeVisible();
  const far = links.last();
  await far.scrollIntoViewIfNeeded();
  const name = (await far.getAttribute('aria-label'))!;
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await far.click();
  await page.getByRole('button', { name: 'Update' }).click();
  // The same page of the list, scrolled to the same place, the pair in view.
  await expect(page).toHaveURL(/\/dashboard\/products\?page=2&view=table$/);
  await expect(page.getByRole('link', { name, exact: true })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
};

const JOURNEYS: [string, Journey][] = [
  ['after an Update the owner is back on the list where they were', backWhereTheyWere],
  [
    'a pair listed with one photo; another pair’s photos reordered, as its page shows',
    onePhotoAndReorder,
  ],
  ['a draft is the owner’s alone until published', draftUntilPublished],
  ['prices and stock edited in the table; a refused price rolls back with the reason', tableEdits],
];

test.describe('products that are easy to keep, on a phone', () => {
  test.use({ viewport: PHONE_360 });
  for (const [name, journey] of JOURNEYS) {
    test(name, ({ page, shop, browser }) => journey(page, shop, browser, false));
  }
});

test.describe('products that are easy to keep, on a desktop', { tag: '@desktop' }, () => {
  for (const [name, journey] of JOURNEYS) {
    test(name, ({ page, shop, browser }) => journey(page, shop, browser, true));
  }
});
