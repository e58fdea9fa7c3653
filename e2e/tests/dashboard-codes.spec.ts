import { OWNER_CODE_MESSAGES, isoToPakistanInput } from '@courtside/shop';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';
import { addToCart, logIn, openProduct } from '../support/people.js';
import { ADMIN } from '../support/server.js';

/**
 * The owner runs a 15% weekend code that stops at its last use (docs/shop.md, Discount codes):
 * made in /dashboard/codes, used by a guest at checkout (the discount in the total), counted on
 * the owner's page, and refused in plain words to the next buyer. At 360 px and at 1280 px, each
 * with pairs of its own.
 */

type Size = { width: number; height: number };

async function guestAtCheckout(page: Page, search: string, title: string) {
  await page.goto('/');
  await addToCart(page, search, title);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Check Out' }).click();
  await page.getByRole('link', { name: 'Continue as guest' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery details' })).toBeVisible();
}

async function applyCode(page: Page, typed: string) {
  await page.getByLabel('Discount code').fill(typed);
  await page.getByRole('button', { name: 'Apply' }).click();
}

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function weekendCodeJourney(
  browser: Browser,
  page: Page,
  baseURL: string,
  viewport: Size,
  pairs: { ordered: [string, string]; next: [string, string]; name: string },
) {
  const ownerContext = await browser.newContext({ baseURL, viewport });
  const owner = await ownerContext.newPage();
  await logIn(owner, ADMIN.email, ADMIN.password);
  await owner.goto('/dashboard');
  await owner
    .getByRole('link', { name: /Codes|Discount codes/ })
    .first()
    .click();
  await expect(owner).toHaveURL(/\/dashboard\/codes$/);
  await expect(owner.getByRole('heading', { name: 'Discount codes' })).toBeVisible();

  // The weekend: from an hour ago to two days on, Pakistan time; one use in all.
  const now = Date.now();
  const form = owner.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code name').fill(pairs.name.toLowerCase());
  await form.getByLabel('Percentage off').fill('15');
  await form.getByLabel('Starts').fill(isoToPakistanInput(new Date(now - 3600_000).toISOString()));
  await form
    .getByLabel('Ends')
    .fill(isoToPakistanInput(new Date(now + 2 * 86400_000).toISOString()));
  await form.getByLabel('Total uses').fill('1');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(owner.getByText(`Code ${pairs.name} is saved`)).toBeVisible();
  const card = owner
    .getByRole('listitem')
    .filter({ has: owner.getByRole('heading', { name: pairs.name }) });
  await expect(card.getByTestId('code-status')).toHaveText('active');
  await expect(card.getByTestId('code-uses')).toHaveText('0 / 1');
  await expect(card.getByText('15% off every pair')).toBeVisible();
  await expectNoSideScroll(owner, 'codes');
  await expectNoSeriousViolations(owner, `codes at ${viewport.width} px`);

  // A guest uses it at checkout: the discount is in the summary and the total.
  await guestAtCheckout(page, ...pairs.ordered);
  const before = rupees(await page.getByTestId('order-total').textContent());
  await applyCode(page, ` ${pairs.name.toLowerCase()} `);
  await expect(page.getByText(`${pairs.name}: 15% off your pairs`)).toBeVisible();
  const subtotal = rupees(await page.getByTestId('subtotal').textContent());
  const discount = Math.round(subtotal * 0.15);
  await expect(page.getByTestId('discount')).toContainText(
    `-Rs.${discount.toLocaleString('en-US')}`,
  );
  await expect(page.getByTestId('order-total')).toHaveText(
    `Rs.${(before - discount).toLocaleString('en-US')}`,
  );
  const phone = `0301 ${String(now).slice(-7)}`;
  await page.getByLabel('First Name *').fill('Bilal');
  await page.getByLabel('Mobile number *').fill(phone);
  await page.getByLabel('Address *').fill('House 7, Block C, Johar Town');
  await page.getByLabel('City *').fill('Lahore');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thanks-for-shopping\?order=[0-9a-f]{6}$/);
  await expect(page.getByText(`Discount code ${pairs.name}`)).toBeVisible();

  // The owner sees the use and the revenue; the code is used up.
  await owner.reload();
  await expect(card.getByTestId('code-uses')).toHaveText('1 / 1');
  await expect(card.getByTestId('code-status')).toHaveText('used up');
  await expect(card.getByTestId('code-revenue')).toHaveText(
    `Rs.${(before - discount).toLocaleString('en-US')}`,
  );

  // The next buyer is told plainly, and nothing comes off.
  const next = await (await browser.newContext({ baseURL, viewport })).newPage();
  await guestAtCheckout(next, ...pairs.next);
  const full = await next.getByTestId('order-total').textContent();
  await applyCode(next, pairs.name);
  await expect(next.getByText(OWNER_CODE_MESSAGES.usedUp)).toBeVisible();
  await expect(next.getByTestId('discount')).toHaveCount(0);
  await expect(next.getByTestId('order-total')).toHaveText(full!);
  await expectNoSideScroll(next, 'checkout with a used-up code');

  // The owner switches it off: its status says so.
  await card.getByRole('switch', { name: `${pairs.name} on` }).click();
  await expect(card.getByTestId('code-status')).toHaveText('off');
  await ownerContext.close();
  await next.context().close();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE_360 });
  test('the owner runs a 15% weekend code that stops at its last use', async ({
    browser,
    page,
    shop,
  }) => {
    test.slow();
    await weekendCodeJourney(browser, page, shop.url, PHONE_360, {
      name: 'WEEKEND15',
      ordered: ['Black Volt', 'Nike Kyrie Infinity "Black Volt"'],
      next: ['Aunt Pearl', 'Nike KD 15 "Aunt Pearl"'],
    });
  });
});

test('the owner runs a 15% weekend code that stops at its last use, at 1280 px @desktop', async ({
  browser,
  page,
  shop,
}) => {
  test.slow();
  await weekendCodeJourney(
    browser,
    page,
    shop.url,
    { width: 1280, height: 800 },
    {
      name: 'WKND15',
      ordered: ['Flow Like Water', 'Curry 8 "Flow Like Water"'],
      next: ['Battle Tested', 'adidas Dame 8 "Battle Tested"'],
    },
  );
});

test.describe('sales on a phone', () => {
  test.use({ viewport: PHONE_360 });
  test('the owner puts a pair on sale now and another from tomorrow: only the running sale is struck through', async ({
    browser,
    page,
    shop,
  }) => {
    test.slow();
    const owner = await (
      await browser.newContext({ baseURL: shop.url, viewport: PHONE_360 })
    ).newPage();
    await logIn(owner, ADMIN.email, ADMIN.password);
    await owner.goto('/dashboard/codes');
    const form = owner.getByRole('form', { name: 'New sale' });
    const now = Date.now();
    const saleOn = async (search: string, title: string, from: number, until: number) => {
      await form.getByLabel('Products').fill(search);
      await form.getByRole('button', { name: new RegExp(title.replace(/"/g, '.')) }).click();
      await form.getByLabel('Sale percentage off').fill('20');
      await form.getByLabel('Sale starts').fill(isoToPakistanInput(new Date(from).toISOString()));
      await form.getByLabel('Sale ends').fill(isoToPakistanInput(new Date(until).toISOString()));
      await form.getByRole('button', { name: 'Save sale' }).click();
      await expect(form.getByText('Sale saved on 1 pair')).toBeVisible();
    };
    await saleOn('Time Machine', 'Time Machine', now - 3600_000, now + 86400_000);
    await saleOn('Midnight Navy', 'Midnight Navy', now + 86400_000, now + 3 * 86400_000);
    const onSale = owner.getByRole('region', { name: 'Pairs on sale' });
    await expect(onSale.getByRole('listitem').filter({ hasText: 'Time Machine' })).toContainText(
      'running',
    );
    await expect(onSale.getByRole('listitem').filter({ hasText: 'Midnight Navy' })).toContainText(
      'scheduled',
    );
    await expectNoSideScroll(owner, 'sales');

    // The running sale: Rs.48,000 struck through, Rs.38,400 to pay.
    await page.goto('/');
    await openProduct(page, 'Time Machine', 'Nike LeBron 20 "Time Machine"');
    const main = page.getByRole('main');
    // The price line under the pair's name.
    const price = main.locator('h1 + p');
    await expect(price).toHaveText('Price Rs.38,400Original price Rs.48,000-20% off');
    // Tomorrow's sale: the full price only, nothing struck through.
    await openProduct(page, 'Midnight Navy', 'Nike Air Zoom G.T. Jump "Midnight Navy"');
    await expect(price).toHaveText('Price Rs.30,000');

    // Ended early: the pair is back at its full price.
    await onSale
      .getByRole('button', { name: 'End the sale on Nike LeBron 20 "Time Machine"' })
      .click();
    await expect(onSale.getByText('Time Machine')).toHaveCount(0);
    await owner.context().close();
  });
});
