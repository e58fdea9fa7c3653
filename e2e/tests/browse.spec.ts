import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';

/*
 * Browsing like a shop on a 360 px phone, against the demo shop: the header's menu opens a brand,
 * whose page lists every line of it; a size, a price range and a sort go into the address (the
 * count follows, the back button undoes them one by one); the header search's Enter opens the
 * results, best match first. Counts are read, not written down: other journeys of this worker
 * may change the catalogue.
 */
test.use({ viewport: PHONE_360 });

const count = (page: Page) => page.getByText(/^\d+ pairs?$/);
const cards = (list: Locator) => list.getByRole('listitem');
/** The price each card shows first (what the pair costs now), in rupees. */
const prices = async (list: Locator) =>
  (await cards(list).allInnerTexts()).map((text) =>
    Number(/Rs\.([\d,]+)/.exec(text)![1]!.replaceAll(',', '')),
  );

test.describe('browse', () => {
  test('menu -> brand -> size, price and sort in the address -> back -> search "jordan 1"', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: /^Nike/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nike' })).toBeVisible();
    await expect(menu).toBeHidden();

    // Every Nike line, not only the pairs filed under "nike".
    const grid = page.getByRole('list', { name: 'Nike shoes' });
    await expect(cards(grid).first()).toBeVisible();
    const titles = (await grid.getByRole('heading', { level: 3 }).allInnerTexts()).join(' | ');
    for (const line of ['Kobe', 'Kyrie', 'KD', 'LeBron', 'Freak']) expect(titles).toContain(line);
    const all = (await count(page).innerText()).trim();
    await expectNoSideScroll(page, 'brand page');

    // A size, in the sheet: the address and the count follow.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    // Each size says how many pairs it has available; one with none cannot be chosen.
    await expect(
      sheet.getByRole('button', { name: /^EUR 46, \d+ pairs? available$/ }),
    ).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'EUR 38, none available' })).toBeDisabled();
    await sheet.getByRole('button', { name: /^EUR 46(,|$)/ }).click();
    await expect(page).toHaveURL(/\/brand\/nike\?size=46$/);
    await expect(count(page)).not.toHaveText(all);
    const sized = (await count(page).innerText()).trim();
    await sheet.getByRole('button', { name: 'Rs.15,000 to 25,000' }).click();
    await expect(page).toHaveURL(/\?size=46&min=15000&max=25000$/);
    await expect(count(page)).not.toHaveText(sized);
    const priced = (await count(page).innerText()).trim();
    await expect(sheet.getByRole('button', { name: `Show ${priced}` })).toBeVisible();
    await expectNoSeriousViolations(page, 'filters sheet');
    await sheet.getByRole('button', { name: `Show ${priced}` }).click();
    await expect(sheet).toBeHidden();

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await expect(page).toHaveURL(/\?size=46&min=15000&max=25000&sort=price-asc$/);
    await expect(grid).not.toHaveAttribute('aria-busy');
    const shown = await prices(grid);
    expect(shown.length).toBe(Number(priced.split(' ')[0]));
    // Cheapest first, the sold-out pairs after the rest (each part cheapest first).
    const soldOut = (await cards(grid).allInnerTexts()).map((t) => /Out of Stock/i.test(t));
    const asc = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(shown).toEqual([
      ...asc(shown.filter((_, i) => !soldOut[i])),
      ...asc(shown.filter((_, i) => soldOut[i])),
    ]);
    for (const p of shown) expect(p >= 15_000 && p <= 25_000).toBe(true);
    for (const text of await cards(grid).allInnerTexts()) expect(text).toContain('EUR 46');
    expect(new Set(await grid.getByRole('heading', { level: 3 }).allInnerTexts()).size).toBe(
      shown.length,
    );

    // Back undoes the sort, then the price: the list and its count as they were.
    await page.goBack();
    await expect(page).toHaveURL(/\?size=46&min=15000&max=25000$/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    await page.goBack();
    await expect(page).toHaveURL(/\?size=46$/);
    await expect(count(page)).toHaveText(sized);

    // The header search: Enter opens the results, the pair with the phrase first.
    const box = page.getByRole('combobox', { name: 'Search products by title' });
    await box.fill('jordan 1');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=jordan%201$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Results for “jordan 1”' }),
    ).toBeVisible();
    const results = page.getByRole('list', { name: 'Search results' });
    const found = results.getByRole('heading', { level: 3 });
    await expect(found.first()).toHaveText('Air Jordan 1 Mid "Chicago Toe"');
    // A model number is matched whole: "jordan 1" is not the Jordan 11.
    expect(await found.allInnerTexts()).not.toContain('Air Jordan 11 Retro "Concord"');
    await expectNoSideScroll(page, 'search results');

    // Best match too puts the sold-out pairs after the rest ("kobe": the Kobe 8 is sold out and
    // newer than the Kobe 6, which the ranking alone would put second).
    await box.fill('kobe');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=kobe$/);
    await expect(results).not.toHaveAttribute('aria-busy');
    await expect(found.first()).toBeVisible();
    const kobes = await found.allInnerTexts();
    expect(kobes.indexOf('Nike Kobe 6 Protro "Grinch"')).toBeGreaterThanOrEqual(0);
    expect(kobes.indexOf('Nike Kobe 6 Protro "Grinch"')).toBeLessThan(
      kobes.indexOf('Nike Kobe 8 "Court Purple"'),
    );
    for (const q of ['kobe', 'nike']) {
      if (q !== 'kobe') {
        await box.fill(q);
        await box.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/search\\?q=${q}$`));
      }
      await expect(cards(results).first()).toBeVisible();
      await expect(results).not.toHaveAttribute('aria-busy');
      const soldOut = (await cards(results).allInnerTexts()).map((t) => /Out of Stock/i.test(t));
      expect(soldOut, q).toContain(true);
      expect(soldOut, q).toEqual([...soldOut].sort((a, b) => +a - +b));
      expect(await count(page).innerText()).toBe(
        `${soldOut.length} ${soldOut.length === 1 ? 'pair' : 'pairs'}`,
      );
    }
  });
});

test.describe('browse at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the filters sit in a side column beside the pairs; a size narrows the list', async ({
    page,
  }) => {
    await page.goto('/shop');
    const side = page.getByRole('complementary', { name: 'Filters' });
    await expect(side).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
    const all = (await count(page).innerText()).trim();
    // The chip's count is the pairs of that size one can buy: what In stock only then lists.
    const chip = side.getByRole('button', { name: /^EUR 44, \d+ pairs? available$/ });
    const available = /, (\d+) pairs?/.exec((await chip.getAttribute('aria-label'))!)![1]!;
    await expect(chip).toContainText(`44 · ${available}`);
    await chip.click();
    await expect(page).toHaveURL(/\/shop\?size=44$/);
    await expect(count(page)).not.toHaveText(all);
    const grid = page.getByRole('list', { name: /shoes$/ });
    for (const text of await cards(grid).allInnerTexts()) expect(text).toContain('EUR 44');
    await side.getByRole('checkbox', { name: 'In stock only' }).check();
    await expect(page).toHaveURL(/\/shop\?size=44&in_stock=1$/);
    // Other journeys buy pairs meanwhile: the list and the chip agree as they are now.
    const size44 = side.getByRole('button', { name: /^EUR 44, / });
    await expect
      .poll(async () => {
        const now = /, (\d+) pairs?/.exec((await size44.getAttribute('aria-label')) ?? '')?.[1];
        return (
          (await count(page).innerText()).trim() === `${now} ${now === '1' ? 'pair' : 'pairs'}`
        );
      })
      .toBe(true);
    await expect(side.getByRole('button', { name: 'EUR 38, none available' })).toBeDisabled();
    await expectNoSideScroll(page, 'all shoes at 1280 px');
  });
});
