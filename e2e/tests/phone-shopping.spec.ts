import type { Product } from '@courtside/shop';
import type { Locator } from '@playwright/test';
import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';
import { ownerPage } from '../support/people.js';
import { createDocument, deleteDocument } from '../support/shop-api.js';
import { uploadPicture } from '../support/pictures.js';

/*
 * Shopping on a 360 px phone: product cards whose badges never cover one another (a pair that is
 * new, discounted and sold out carries three), and the product page's buy bar, stuck above the
 * bottom bar with the price, the size, Add to cart and the chat, the size guide a tap away.
 */
test.use({ viewport: PHONE_360 });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 0.5 &&
  a.y >= b.y - 0.5 &&
  a.x + a.width <= b.x + b.width + 0.5 &&
  a.y + a.height <= b.y + b.height + 0.5;

const BADGE = /^(Out of Stock|-\d+% off|New)$/;

/** Each card's badges and picture, as drawn now, in one round trip. */
const cardBoxes = (cards: Locator) =>
  cards.evaluateAll((els, source) => {
    const badge = new RegExp(source);
    const box = (el: Element) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height };
    };
    return els.map((card) => ({
      title: card.querySelector('h3')?.textContent ?? '',
      card: box(card),
      // The card's first part: the picture the badges lie on.
      picture: box(card.firstElementChild ?? card),
      badges: Array.from(card.querySelectorAll('[data-keep-clear]'))
        .map((b) => ({ text: (b.textContent ?? '').trim(), ...box(b) }))
        .filter((b) => badge.test(b.text)),
    }));
  }, BADGE.source);

test.describe('on a 360 px phone', () => {
  test('badges on product cards never cover one another', async ({ page, browser, shop }) => {
    const owner = await ownerPage(browser, shop.url);
    const title = `Nike Kobe Badges ${Date.now().toString(36)} "Every Badge There Is"`;
    const made = await createDocument<Product>(owner.request, shop.url, 'products', {
      title,
      // One photo lists a pair.
      image: await uploadPicture(owner.request, shop.url),
      description: 'A new pair, discounted, sold out: three badges on one card.',
      category: 'kobe',
      price: 40_000,
      disc_price: 30_000,
      size: 44,
      condition: 10,
      stock: 0,
      stoke: 'false',
    });
    try {
      await page.goto('/category/kobe');
      const cards = page.getByRole('list', { name: /shoes$/ }).getByRole('article');
      const mine = cards.filter({ hasText: title });
      await expect(mine).toBeVisible();
      await expect(mine.getByText(BADGE)).toHaveCount(3);
      await expectNoSideScroll(page, 'kobe at 360 px');
      const all = await cardBoxes(cards);
      // Two cards side by side: the narrow cards of a phone.
      expect(all[0]!.card.y).toBe(all[1]!.card.y);
      expect(all[0]!.card.width).toBeLessThan(180);
      for (const c of all) {
        for (const [i, a] of c.badges.entries()) {
          expect(inside(a, c.picture), `${c.title}: ${a.text} inside the picture`).toBe(true);
          for (const b of c.badges.slice(i + 1)) {
            expect(overlaps(a, b), `${c.title}: ${a.text} and ${b.text}`).toBe(false);
          }
        }
      }
      expect(all.find((c) => c.title === title)!.badges.map((b) => b.text)).toEqual([
        'Out of Stock',
        '-25% off',
        'New',
      ]);
    } finally {
      await deleteDocument(owner.request, shop.url, 'products', made.$id);
      await owner.context().close();
    }
  });

  test('the product page: a buy bar above the bottom bar, the size guide a tap from the size', async ({
    page,
  }) => {
    await page.goto('/category/kyrie');
    await page.getByRole('link', { name: 'Nike Kyrie 7 "Bright Crimson"' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Nike Kyrie 7 "Bright Crimson"',
    );
    const bar = page.getByRole('region', { name: 'Buy this pair' });
    const nav = page.getByRole('navigation', { name: 'Quick' });
    // At the top of the page the bar is already on the screen, resting on the bottom bar.
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText('Rs.19,500');
    await expect(bar).toContainText('EUR 43');
    const [barBox, navBox] = [(await bar.boundingBox())!, (await nav.boundingBox())!];
    expect(Math.abs(barBox.y + barBox.height - navBox.y)).toBeLessThan(2);
    expect(barBox.x).toBe(0);
    expect(barBox.width).toBe(360);
    // The floating chat link is not drawn here; the bar's own chat is about this pair.
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp', exact: true })).toBeHidden();
    await expect(
      bar.getByRole('link', { name: 'Chat on WhatsApp about this pair' }),
    ).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*Kyrie%207/);
    await bar.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
    // Its toast rises above the bar instead of covering the button just tapped.
    const added = page.locator('.Toastify__toast').filter({ hasText: 'Added to Cart' });
    await expect(added).toBeVisible();
    // (Once it has slid in from below the screen.)
    await expect(async () => {
      const toastBox = (await added.boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
      expect(barBox.y - (toastBox.y + toastBox.height)).toBeLessThan(24);
    }).toPass();

    // Past the details the bar rests in its place, above the chat and the condition card.
    const ask = page.getByRole('link', { name: 'Ask on WhatsApp' });
    await ask.scrollIntoViewIfNeeded();
    const [rested, askBox] = [(await bar.boundingBox())!, (await ask.boundingBox())!];
    expect(rested.y + rested.height).toBeLessThanOrEqual(askBox.y);

    // The size in US and UK, and the guide one tap away.
    await page.evaluate(() => window.scrollTo(0, 0));
    const size = page.getByRole('definition').filter({ hasText: /^US / });
    await expect(size).toContainText('US 9.5 · UK 8.5');
    await size.getByRole('link', { name: 'Size guide' }).click();
    await expect(page).toHaveURL(/\/sizes$/);
  });
});
