import type { Locator, Page } from '@playwright/test';
import { PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';

/*
 * The floating chat and social links never cover what a buyer reads to decide or taps to buy:
 * a listing's prices and badges, the product page's price, description and buy bar (on a phone
 * they are not drawn there: the bar has the chat), the cart's total. At
 * 360 px (a phone) and 1280 px, each checked with the page at its top, with the thing scrolled
 * right under the links' place, and at the end of the page.
 */

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The floating links as drawn now (inert ones too, which have left the accessibility tree). */
const floating = (page: Page) => page.locator('aside[aria-label="Chat and social links"] a');
const place = (page: Page) => page.locator('aside[aria-label="Chat and social links"]');

/** The boxes of what `locator` finds, as drawn now, in one round trip. */
const boxes = (locator: Locator) =>
  locator.evaluateAll((els) =>
    els.map((el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height, text: (el as HTMLElement).innerText };
    }),
  );

/** No floating link's box (one on the screen) overlaps any of `targets`. */
async function expectClear(page: Page, targets: Locator, label: string) {
  const width = page.viewportSize()!.width;
  await expect(async () => {
    const links = (await boxes(floating(page))).filter((b) => b.width > 0 && b.x < width);
    const covered = (await boxes(targets)).filter((t) => links.some((l) => overlaps(l, t)));
    expect(covered, `${label}: ${JSON.stringify(links)} covers`).toEqual([]);
  }).toPass({ timeout: 5000 });
}

/** Scrolls to the end; sections lay out as they near the screen and move it, so twice. */
async function scrollToEnd(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
  }
}

/** Scrolls so that `target`'s middle is level with the middle of the floating links' place. */
async function scrollUnderLinks(page: Page, target: Locator) {
  const at = (await place(page).boundingBox())!;
  const box = (await target.boundingBox())!;
  await page.evaluate(
    (by) => window.scrollBy(0, by),
    box.y + box.height / 2 - (at.y + at.height / 2),
  );
}

/**
 * Every check on one page: at its top; each target in a column the links' place crosses brought
 * level with them; at its end.
 */
async function expectPageClear(page: Page, targets: Locator, label: string) {
  await expect(targets.first()).toBeVisible();
  await expect(floating(page).last()).toBeAttached();
  await expectClear(page, targets, `${label} at the top`);
  const at = (await place(page).boundingBox())!;
  let crossing = 0;
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (!box || box.x + box.width <= at.x || box.x >= at.x + at.width) continue;
    crossing++;
    await scrollUnderLinks(page, target);
    await expectClear(page, targets, `${label}, ${await target.innerText()} level with the links`);
  }
  await scrollToEnd(page);
  await expectClear(page, targets, `${label} at the end`);
  return crossing;
}

async function journey(page: Page, width: number) {
  // The whole shop's listing: every card's prices (now and before) and badges; some of them
  // (the sold-out pairs' badges, at the cards' right) lie in the links' column.
  await page.goto('/shop');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  let crossing = await expectPageClear(
    page,
    cards.getByText(/^(Price |Original price )?Rs\.[\d,]+$|^-\d+% off$|^Out of Stock$|^New$/),
    `listing at ${width}`,
  );

  // A product page: its price, its description (text a buyer reads) and the buy bar with Add
  // to cart. On a phone the floating links are not drawn there at all: the bar, stuck above the
  // bottom bar, has the chat; wider, the links step aside from all of them.
  await page.goto('/category/kyrie');
  await cards.first().getByRole('link').click();
  const main = page.getByRole('main');
  const buy = main.getByRole('button', { name: 'Add to cart' });
  const bar = main.getByRole('region', { name: 'Buy this pair' });
  const description = main.getByTestId('description');
  await expect(description).toBeVisible();
  const productTargets = main
    .getByText(/^Price Rs\.[\d,]+$/)
    .first()
    .or(description)
    .or(bar);
  if (width < 640) {
    await expect(bar).toBeInViewport();
    await expect(place(page)).toBeHidden();
    await expect(bar.getByRole('link', { name: 'Chat on WhatsApp about this pair' })).toBeVisible();
    await expectClear(page, productTargets, `product page at ${width}`);
    await scrollToEnd(page);
    await expectClear(page, productTargets, `product page at ${width} at the end`);
  } else {
    crossing += await expectPageClear(page, productTargets, `product page at ${width}`);
  }

  // The cart: its total.
  await page.evaluate(() => window.scrollTo(0, 0));
  await buy.click();
  await page.goto('/cart');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const total = summary.getByText('Total', { exact: true }).locator('..');
  crossing += await expectPageClear(page, total, `cart at ${width}`);
  // Something on the way lay in the links' column, so the links had something to keep clear of.
  expect(crossing).toBeGreaterThan(0);
}

test.describe('floating links', () => {
  test.describe('on a phone', () => {
    test.use({ viewport: PHONE_360 });
    test('cover no price, badge, description, buy bar or total at 360 px', async ({ page }) => {
      await journey(page, 360);
    });
  });

  test.describe('on a wide screen', () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test('cover no price, badge, description, buy bar or total at 1280 px @desktop', async ({
      page,
    }) => {
      await journey(page, 1280);
    });
  });
});
