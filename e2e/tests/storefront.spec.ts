import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';

/*
 * The storefront against a real server with the demo shop (seeded at first start): browse,
 * cart, wishlist, search, the logged-out check out, stock limits, 404, link previews, page
 * titles, and axe on each page; on a phone (every journey) and, tagged @desktop, at 1280 x 800.
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

const SHOP_TITLE = 'Courtside | Basketball shoes in Pakistan';

/** Whether two boxes overlap (a fixed button covering a control, a toast covering the bar). */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Scrolls to the footer: sections below the first screen are laid out once scrolled near. */
async function scrollThrough(page: Page) {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
}

/** Theme colours as the browser computes them (apps/web/src/styles.css). */
const WHATSAPP_GREEN = 'rgb(21, 128, 61)';
const SUCCESS_GREEN = 'rgb(22, 163, 74)';

/**
 * The shop's one visual language at `width` px: the static loading screen's uploaded logo, the
 * brand tiles' pictures, the service highlights, one WhatsApp green, toasts in the shop's look
 * and place, and the footer's last line inside the screen's margins.
 */
async function expectBrandLook(page: Page, width: number) {
  const viewport = { width, height: 800 };
  await page.setViewportSize(viewport);
  const phone = width < 768;

  // Before the app's code has loaded (here: never), the loading screen shows the uploaded logo.
  const shell = await page.context().newPage();
  await shell.setViewportSize(viewport);
  await shell.route('**/assets/*.js', (route) => route.abort());
  await shell.goto('/account/my-account');
  const logo = shell.locator('[data-shell-logo] img');
  await expect(logo).not.toHaveClass(/opacity-0/);
  await expect(shell.locator('[data-shell-logo] svg')).toHaveCount(0);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await logo.boundingBox()).toMatchObject({ width: 56, height: 56 });
  await shell.close();

  // Brand tiles: a pair of their own, a small webp preview, the name in white over it.
  await page.goto('/');
  const jordan = page.getByRole('link', { name: 'Jordan', exact: true });
  await jordan.scrollIntoViewIfNeeded();
  const picture = jordan.locator('img');
  await expect(picture).toHaveAttribute('src', /\/preview\?width=320&.*output=webp/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(jordan.getByText('Jordan')).toHaveCSS('color', 'rgb(255, 255, 255)');
  // The service highlights: three promises.
  const service = page.getByRole('region', { name: 'Our service' });
  await service.scrollIntoViewIfNeeded();
  await expect(service.getByRole('heading', { level: 3 })).toHaveCount(3);
  // The footer's last line keeps the page's side margins.
  const last = page.getByRole('contentinfo').getByText(/Every pair is checked before it ships/);
  await last.scrollIntoViewIfNeeded();
  // The words themselves, not their full-width box.
  const line = await last.evaluate((p) => {
    const range = document.createRange();
    range.selectNodeContents(p);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });
  expect(line.left).toBeGreaterThanOrEqual(16);
  expect(line.right).toBeLessThanOrEqual(width - 16);

  // One WhatsApp green, on the floating button and the product page's.
  await searchAndOpen(page, 'Grinch', GRINCH);
  await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveCSS(
    'background-color',
    WHATSAPP_GREEN,
  );
  await expect(page.getByRole('link', { name: 'Ask on WhatsApp' })).toHaveCSS(
    'background-color',
    WHATSAPP_GREEN,
  );

  // A toast in the shop's look: a white card with the theme's radius, its kind's green edge...
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Added to Cart' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS('border-radius', '14px');
  await expect(toast).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(toast).toHaveCSS('border-left-color', SUCCESS_GREEN);
  expect(await toast.evaluate((t) => getComputedStyle(t).fontFamily)).toBe(
    await page.evaluate(() => getComputedStyle(document.body).fontFamily),
  );
  // ...in its one place: on a phone just above what is fixed at the bottom (here the product
  // page's buy bar, on the bottom bar), or top right under the header.
  await expect(async () => {
    const at = (await toast.boundingBox())!;
    if (phone) {
      const bar = (await page.getByRole('region', { name: 'Buy this pair' }).boundingBox())!;
      expect(at.y + at.height).toBeLessThanOrEqual(bar.y);
      expect(bar.y - (at.y + at.height)).toBeLessThan(24);
      expect(at.x).toBeGreaterThanOrEqual(8);
    } else {
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(at.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(at.y).toBeLessThan(header.y + header.height + 24);
      expect(width - (at.x + at.width)).toBeLessThan(24);
    }
  }).toPass();
}

test.describe('storefront', () => {
  test('the brand look at 360 px: logo, brand tiles, highlights, WhatsApp green, toasts, footer', async ({
    page,
  }) => {
    await expectBrandLook(page, 360);
  });

  test('home -> category -> product -> cart -> wishlist -> search -> summary -> Check Out', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await scrollThrough(page);
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

    await expect(page).toHaveTitle('Kyrie | Courtside');

    await page.getByRole('link', { name: TEAM_ORANGE }).click();
    await expect(page.getByRole('heading', { level: 1, name: TEAM_ORANGE })).toBeVisible();
    await expect(page).toHaveTitle(`${TEAM_ORANGE} | Courtside`);
    const left = page.getByText(/^Only \d+ left$/);
    await expect(left).toBeVisible();
    // What is left depends on the orders this worker's shop has taken so far: 1 or more.
    const stock = Number(/\d+/.exec((await left.textContent()) ?? '')![0]);
    expect(stock).toBeGreaterThan(0);
    await scrollThrough(page);
    await expect(page.getByRole('heading', { name: 'Related Items' })).toBeVisible();
    await expectNoSeriousViolations(page, 'product');

    // Picker, Add to cart and the heart share one row on a phone.
    const add = page.getByRole('button', { name: 'Add to cart' });
    const heart = page.getByRole('button', { name: 'Add to wishlist' });
    const [addBox, heartBox] = [(await add.boundingBox())!, (await heart.boundingBox())!];
    expect(
      Math.abs(addBox.y + addBox.height / 2 - (heartBox.y + heartBox.height / 2)),
    ).toBeLessThan(4);

    await add.click();
    const added = page.getByText('Added to Cart');
    await expect(added).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
    // The toast sits above the bottom bar instead of covering it.
    const bar = (await page.getByRole('navigation', { name: 'Quick' }).boundingBox())!;
    expect(overlaps((await added.boundingBox())!, bar)).toBe(false);

    await heart.click();
    await expect(page.getByText('Added to WishList')).toBeVisible();
    const unwish = page.getByRole('button', { name: 'Remove from wishlist' });
    await expect(unwish).toHaveAttribute('aria-pressed', 'true');
    await unwish.click();
    await expect(page.getByText('Removed from WishList')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await searchAndOpen(page, 'Grinch', GRINCH);
    await page.getByRole('button', { name: 'Add to cart' }).click();

    await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const orange = page.getByRole('group', { name: `Quantity of ${TEAM_ORANGE}` });
    const more = orange.getByRole('button', { name: 'Increase quantity' });
    for (let n = 1; n < stock; n++) await more.click();
    await expect(more).toBeDisabled();
    await expect(orange.getByLabel('Quantity', { exact: true })).toHaveText(String(stock));
    const less = orange.getByRole('button', { name: 'Decrease quantity' });
    if (stock > 1) {
      await less.click();
      await expect(orange.getByLabel('Quantity', { exact: true })).toHaveText(String(stock - 1));
    } else await expect(less).toBeDisabled();
    // Team Orange's pairs and the Grinch.
    await expect(page.getByText(`Subtotal (${Math.max(stock - 1, 1) + 1} items)`)).toBeVisible();
    await expectNoSeriousViolations(page, 'cart');

    await page.getByRole('button', { name: 'Check Out' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fcheckout$/);
  });

  test('a sold-out product cannot be added to the cart', async ({ page }) => {
    await page.goto('/');
    await searchAndOpen(page, 'Court Purple', COURT_PURPLE);
    await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('page titles follow the page; the size guide and the 404 pass axe', async ({ page }) => {
    await page.goto('/');
    await searchAndOpen(page, 'Grinch', GRINCH);
    await expect(page).toHaveTitle(`${GRINCH} | Courtside`);
    await page.getByRole('link', { name: 'Courtside home' }).first().click();
    await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await expect(page).toHaveTitle(SHOP_TITLE);

    await page
      .getByRole('navigation', { name: 'Quick' })
      .getByRole('link', { name: 'Size' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Size Guide' })).toBeVisible();
    await expect(page).toHaveTitle('Size guide | Courtside');
    // The whole table fits the phone: its last column is on screen, nothing to scroll.
    const table = page.getByRole('region', { name: 'Size table' });
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.getByRole('columnheader', { name: 'Foot (cm)' })).toBeInViewport();
    await expectNoSeriousViolations(page, 'sizes');

    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Page not found | Courtside');
    await expectNoSeriousViolations(page, '404');
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
    await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
  });

  test('an unknown route shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(
      page.getByText('The page you visited was not found. You may go to the home page.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back To Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the product page keeps its shape when the app takes over: Add to cart stays put', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    await searchAndOpen(page, 'Grinch', GRINCH);
    const url = page.url();
    // The page as the server sent it, before any script runs: the charges note is in it.
    const still = await browser.newContext({
      javaScriptEnabled: false,
      viewport: page.viewportSize(),
    });
    const first = await still.newPage();
    await first.goto(url);
    await expect(first.getByTestId('charges-note')).toHaveText(
      'Delivery Rs.250, free from Rs.10,000 · Cash on delivery +Rs.500, bank transfer adds nothing',
    );
    const painted = (await first.getByRole('button', { name: 'Add to cart' }).boundingBox())!;
    await still.close();
    // The same page hydrated by the app, once everything it asked for has answered.
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('charges-note')).toContainText('Delivery Rs.250');
    const hydrated = (await page.getByRole('button', { name: 'Add to cart' }).boundingBox())!;
    expect(Math.abs(hydrated.y - painted.y)).toBeLessThan(4);
    expect(Math.abs(hydrated.x - painted.x)).toBeLessThan(4);
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

test.describe('storefront on a desktop', { tag: '@desktop' }, () => {
  test('the brand look at 1280 px: logo, brand tiles, highlights, WhatsApp green, toasts', async ({
    page,
  }) => {
    await expectBrandLook(page, 1280);
  });

  test('the side list of shoe lines leads to its category', async ({ page }) => {
    await page.goto('/');
    const lines = page.getByRole('navigation', { name: 'Shoe lines' });
    await expect(lines).toBeVisible();
    await lines.getByRole('link', { name: 'Kobe' }).click();
    await expect(page).toHaveURL(/\/category\/kobe$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kobe' })).toBeVisible();
    await expect(page.getByText(/^\d+ pairs?$/)).toBeVisible();
  });

  test('the header wishlist link counts and opens the wishlist', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
    await searchAndOpen(page, 'Grinch', GRINCH);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText('Added to WishList')).toBeVisible();
    await header.getByRole('link', { name: 'Wishlist, 1 item', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/wishlist$/);
  });

  test('Delete All Items asks in the page: Keep them keeps the pairs, Delete all empties the cart', async ({
    page,
  }) => {
    await page.goto('/');
    await searchAndOpen(page, 'Grinch', GRINCH);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await searchAndOpen(page, 'Team Orange', TEAM_ORANGE);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' }).click();
    await expect(page.getByRole('link', { name: GRINCH })).toBeVisible();
    const ask = page.getByRole('alertdialog', { name: 'Delete all items' });
    await page.getByRole('button', { name: 'Delete All Items' }).click();
    await expect(ask).toContainText('Delete all 2 pairs from your cart?');
    await ask.getByRole('button', { name: 'Keep them' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByRole('link', { name: GRINCH })).toBeVisible();
    await expect(page.getByRole('link', { name: TEAM_ORANGE })).toBeVisible();
    await page.getByRole('button', { name: 'Delete All Items' }).click();
    await ask.getByRole('button', { name: 'Delete all' }).click();
    await expect(page.getByText('Cart has been Reset')).toBeVisible();
    await expect(page.getByText('Your Cart is Empty')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Your Cart is Empty')).toBeVisible();
  });

  test('home keeps its shape when the app takes the rendered page over', async ({ page }) => {
    await page.goto('/');
    // Every section is in the page from the start, the lower ones laid out once scrolled near.
    const footerTop = () =>
      page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().top + scrollY);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('heading', { name: 'Same item guarantee' })).toBeInViewport();
    const before = await footerTop();
    // The app has hydrated once the account corner's session lookup has answered.
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(Math.abs((await footerTop()) - before)).toBeLessThan(8);
  });

  test('the floating WhatsApp link opens a chat and covers no control', async ({ page }) => {
    await page.goto('/');
    const chat = page.getByRole('link', { name: 'Chat on WhatsApp' });
    await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=Hi%20Courtside!$/);
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', /noopener/);
    // At the end of the page it leaves the footer's Subscribe button alone. (The sections below
    // the first screen are laid out as the page nears them and move the end: scroll again.)
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(subscribe).toBeInViewport({ timeout: 1000 });
    }).toPass();
    expect(overlaps((await chat.boundingBox())!, (await subscribe.boundingBox())!)).toBe(false);
    // A short page shows its footer at once: the Subscribe button is clear of it there too.
    await page.goto('/no/such/page');
    await expect(subscribe).toBeInViewport();
    expect(overlaps((await chat.boundingBox())!, (await subscribe.boundingBox())!)).toBe(false);
    // Checkout has its own controls where it would sit: it stays away.
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await expect(chat).toHaveCount(0);
    await page.goto('/cart');
    await expect(chat).toBeVisible();
  });

  test('home, category, product, cart and size guide have no serious axe violations', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await scrollThrough(page);
    await expect(page.getByRole('heading', { name: 'Best selling' })).toBeVisible();
    await expectNoSeriousViolations(page, 'home 1280');
    await page.goto('/category/kyrie');
    await expect(page.getByRole('link', { name: TEAM_ORANGE })).toBeVisible();
    await expectNoSeriousViolations(page, 'category 1280');
    await page.getByRole('link', { name: TEAM_ORANGE }).click();
    await expect(page.getByRole('heading', { level: 1, name: TEAM_ORANGE })).toBeVisible();
    await scrollThrough(page);
    await expect(page.getByRole('heading', { name: 'Related Items' })).toBeVisible();
    await expectNoSeriousViolations(page, 'product 1280');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
    await expectNoSeriousViolations(page, 'cart 1280');
    await page.goto('/sizes');
    await expect(page.getByRole('heading', { level: 1, name: 'Size Guide' })).toBeVisible();
    await expectNoSeriousViolations(page, 'sizes 1280');
  });
});
