import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/*
 * The landing pages arrive rendered (docs/architecture.md#speed): a shared product link, the home
 * page and a category show their words and pictures from the HTML itself, before and without any
 * JavaScript; the app then hydrates them and everything works, with the visitor's own cart and
 * wishlist from the browser.
 */

const GRINCH = 'Nike Kobe 6 Protro "Grinch"';

async function productId(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.get(
    `/v1/databases/shop/collections/products/documents?queries[]=${encodeURIComponent(
      `equal("title", ${JSON.stringify([title])})`,
    )}`,
    { headers: { 'X-Appwrite-Project': 'courtside' } },
  );
  const body = (await res.json()) as { documents: { $id: string }[] };
  expect(body.documents).toHaveLength(1);
  return body.documents[0]!.$id;
}

test.describe('server-rendered landing pages', () => {
  test('a product link shows the product without JavaScript', async ({
    browser,
    shop,
    request,
  }) => {
    const id = await productId(request, GRINCH);
    const html = await (await request.get(`/product/${id}`)).text();
    expect(html).toContain('id="shop-state"');
    expect(html).toMatch(/<h1[^>]*>Nike Kobe 6 Protro (&quot;|")Grinch(&quot;|")<\/h1>/);
    // The whole page, not only its first screen: Related Items and their cards are in the HTML.
    const related = html.slice(html.indexOf('Related Items'));
    expect(related).not.toBe(html);
    expect(related.match(/href="\/product\/\d{9}"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(related).not.toContain(`href="/product/${id}"`);
    // Home, whole: every section's words are in the HTML a crawler or a link preview reads.
    const home = await (await request.get('/')).text();
    for (const words of [
      'New arrivals',
      'Shop by brand',
      'Best selling',
      '10% off',
      'your first order when you subscribe',
      'Free delivery over Rs.10,000',
      'WhatsApp replies 9am-9pm',
      'Same item guarantee',
    ]) {
      expect(home, words).toContain(words);
    }

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: shop.url });
    const page = await context.newPage();
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: GRINCH })).toBeVisible();
    await expect(page.getByText('EUR', { exact: false }).first()).toBeVisible();
    const picture = page.locator('main img').first();
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    // Lower sections are there without scripts, and show when scrolled to.
    await page.getByRole('heading', { name: 'Same item guarantee' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Best selling' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Same item guarantee' })).toBeVisible();
    await page.goto('/category/kobe');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test("the rendered page comes to life with the visitor's cart and wishlist", async ({
    page,
    request,
  }) => {
    const id = await productId(request, GRINCH);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`/product/${id}`);
    // The page shows before the app runs; here the taps come once it has hydrated (the session
    // lookup that follows swaps the account corner's spinner for Sign In). Earlier taps: below.
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to Cart')).toBeVisible();
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Again, rendered by the server for a visitor it knows nothing about: the browser's own
    // cart and wishlist come in once the page has hydrated.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The banner's first slide loaded before the app was there: the others still follow it.
    await page.goto('/');
    // (The default wait: on a loaded 2-core machine hydration alone has taken over 3 s.)
    await expect(page.locator('section[aria-label="Highlights"] img')).toHaveCount(5);
    await page
      .getByRole('link', { name: 'Kobe', exact: true })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/category\/kobe$/);
    expect(errors).toEqual([]);
  });

  test('a tap before the app has loaded still counts, once it has', async ({ page, request }) => {
    const id = await productId(request, GRINCH);
    // A slow phone: the app's code arrives only after the visitor has tapped.
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await arrived;
      await route.continue();
    });
    // Not waiting for the load event: the loader may ask for the app's code before it fires.
    await page.goto(`/product/${id}`, { waitUntil: 'domcontentloaded' });
    const add = page.getByRole('button', { name: 'Add to cart' });
    await page.evaluate(() => window.scrollTo(0, 300));
    await add.click();
    const scrolled = await page.evaluate(() => window.scrollY);
    await expect(add).toHaveAttribute('aria-busy', 'true');
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText('Added to Cart')).toHaveCount(0);

    release();
    await expect(page.getByText('Added to Cart')).toBeVisible();
    await expect(add).not.toHaveAttribute('aria-busy');
    // The app took the page over where the visitor was: no jump back to the top.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('what is typed in the search box before the app has loaded is searched', async ({
    page,
  }) => {
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' }); // as above
    const box = page
      .getByRole('combobox', { name: 'Search products by title' })
      .filter({ visible: true });
    await box.pressSequentially('Grinch');
    release();
    await expect(
      page.getByRole('search').filter({ visible: true }).getByRole('link', { name: GRINCH }),
    ).toBeVisible();
    await expect(box).toHaveValue('Grinch');
  });
});
