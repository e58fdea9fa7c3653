import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIRM_BEFORE_SHIPPING_MESSAGE, type Order, type Product } from '@courtside/shop';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';
import { textFromSms } from '../support/outbox.js';
import { logIn } from '../support/people.js';
import { uploadPicture } from '../support/pictures.js';
import { ADMIN, shiftedClock, startShopServer } from '../support/server.js';
import { createDocument, getDocument, listAll } from '../support/shop-api.js';

/**
 * The buyer confirms (docs/shop.md, "The buyer confirms"), at 360 px and, tagged @desktop, at
 * 1280 px: a guest's cash-on-delivery order is confirmed by the link in its SMS and can then be
 * shipped (before, the owner's tracking number is refused with the rule); an unconfirmed one
 * expires 12 hours later and its one-off pair is back on sale. Time moves on by restarting the
 * server with its clock shifted (support/shifted-clock.mjs): the shop as if closed meanwhile.
 */

type Size = 'phone' | 'desktop';
const VIEWPORT = { phone: PHONE_360, desktop: { width: 1280, height: 800 } } as const;
const SHOTS = process.env.E2E_SHOTS_DIR;

let phones = 0;
/** A Pakistani mobile no other order of the run has: 0332 + 7 digits. */
const uniquePhone = () =>
  `0332${String((Date.now() % 100_000) * 100 + (phones++ % 100)).padStart(7, '0')}`;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A guest orders the pair at `productPath` with cash on delivery; its number and phone. */
async function guestCodOrder(page: Page, productPath: string, name: string) {
  await page.goto(productPath);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Check Out' }).click();
  await page.getByRole('link', { name: 'Continue as guest' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery details' })).toBeVisible();
  const local = uniquePhone();
  await page.getByLabel('First Name *').fill(name);
  await page.getByLabel('Mobile number *').fill(local);
  await page.getByLabel('Address *').fill('House 4, Street 9, Gulgasht');
  await page.getByLabel('City *').fill('Multan');
  await expect(page.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thanks-for-shopping\?order=[0-9a-f]{6}$/);
  const number = new URL(page.url()).searchParams.get('order')!;
  return { number, phone: `+92${local.slice(1)}` };
}

/** The confirmation link of the order's SMS (the placed order's). */
async function linkFromSms(dataDir: string, phone: string, number: string) {
  const sms = await textFromSms(dataDir, phone, new RegExp(`#${number.toUpperCase()}`));
  const link = new URL(/Confirm or cancel: (\S+)/.exec(sms)![1]!);
  expect(link.pathname).toMatch(new RegExp(`^/confirm/${number}\\.[\\w-]{24}$`));
  return link;
}

async function ownerAt(browser: Browser, baseURL: string, size: Size) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT[size] });
  const page = await context.newPage();
  await logIn(page, ADMIN.email, ADMIN.password);
  return page;
}

/** The owner's Save shipping on the order page, with a courier and a tracking number. */
async function ship(owner: Page, tracking: string) {
  const shipping = owner.getByRole('region', { name: 'Shipping' });
  await shipping.getByRole('combobox', { name: 'Courier' }).selectOption('TCS');
  await shipping.getByRole('textbox', { name: 'Tracking number' }).fill(tracking);
  await shipping.getByRole('button', { name: 'Save shipping' }).click();
  return shipping;
}

for (const size of ['phone', 'desktop'] as const) {
  test.describe(
    `the buyer confirms (${size})`,
    size === 'desktop' ? { tag: '@desktop' } : {},
    () => {
      test.use({ viewport: VIEWPORT[size] });

      test("a guest's COD order is confirmed by its SMS link, and then ships", async ({
        page,
        browser,
        shop,
      }) => {
        test.slow();
        const inStock = await listAll<Product>(page.request, shop.url, 'products', [
          'equal("stoke", ["true"])',
        ]);
        const product = inStock.reduce((a, b) => (b.stock > a.stock ? b : a));
        const { number, phone } = await guestCodOrder(page, `/product/${product.$id}`, 'Hamza');

        // The thanks page: confirm on WhatsApp (the shop's chat, the order and its link) or at once.
        const box = page.getByRole('region', { name: 'Confirm your order' });
        const wa = new URL(
          (await box.getByRole('link', { name: 'Confirm on WhatsApp' }).getAttribute('href'))!,
        );
        expect(wa.origin).toBe('https://wa.me');
        expect(wa.pathname).toMatch(/^\/923\d{9}$/);
        expect(wa.searchParams.get('text')).toMatch(
          new RegExp(
            `I confirm my order #${number.toUpperCase()}\\. Confirmation link: \\S+/confirm/${number}\\.`,
          ),
        );
        await expectNoSideScroll(page, 'thanks');
        await expectNoSeriousViolations(page, `thanks at ${size}`);
        await shot(page, `thanks-${size}`);
        const link = await linkFromSms(shop.dataDir, phone, number);
        await expect(box.getByRole('link', { name: 'Confirm now' })).toHaveAttribute(
          'href',
          link.pathname,
        );

        // Before the buyer confirms, the owner's tracking number is refused with the rule.
        const owner = await ownerAt(browser, shop.url, size);
        await owner.goto(`/dashboard/orders/${number}`);
        await expect(owner.getByTestId('confirmed-by')).toHaveText(
          "Awaiting the buyer's confirmation",
        );
        const shipping = await ship(owner, '7794 0012 3456');
        await expect(shipping.getByText(CONFIRM_BEFORE_SHIPPING_MESSAGE)).toBeVisible();

        // The buyer opens the SMS's link: the summary, and Confirm.
        await page.goto(link.pathname);
        await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeVisible();
        const summary = page.getByRole('region', { name: `Order #${number.toUpperCase()}` });
        await expect(summary.getByTestId('cash-to-pay')).toContainText(
          'Cash to pay the rider: Rs.',
        );
        await expect(summary).toContainText('House 4, Street 9, Gulgasht');
        await expectNoSideScroll(page, 'confirm');
        await expectNoSeriousViolations(page, `confirm at ${size}`);
        await shot(page, `confirm-${size}`);
        await page.getByRole('button', { name: 'Confirm order' }).click();
        await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
        await shot(page, `confirmed-${size}`);
        // The link used again says where the order stands, with no buttons.
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);

        // Now it ships.
        await owner.reload();
        await expect(owner.getByTestId('confirmed-by')).toHaveText(
          /^Confirmed by the buyer \(link\) at /,
        );
        await ship(owner, '7794 0012 3456');
        await expect(
          owner.getByText('Tracking number saved: the customer sees it in My Orders'),
        ).toBeVisible();
        const stored = await getDocument<Order>(owner.request, shop.url, 'orders', number);
        expect(stored).toMatchObject({
          order_status: 'confirmed',
          confirmed_by: 'buyer',
          tracking_number: '779400123456',
        });
        await owner.context().close();
      });

      test('an unconfirmed order expires after 12 hours; its one-off pair is back on sale', async ({
        page,
        browser,
      }) => {
        test.slow();
        const shiftFile = join(mkdtempSync(join(tmpdir(), 'courtside-clock-')), 'shift');
        writeFileSync(shiftFile, '0');
        const clock = shiftedClock(shiftFile);
        const server = await startShopServer(clock.env, { nodeArgs: clock.nodeArgs });
        try {
          const owner = await ownerAt(browser, server.url, size);
          const title = `Nike Kobe One-off ${Date.now().toString(36)}`;
          const pair = await createDocument<Product>(owner.request, server.url, 'products', {
            title,
            image: await uploadPicture(owner.request, server.url),
            description: 'One pair only.',
            category: 'kobe',
            price: 20_000,
            disc_price: 0,
            size: 44,
            condition: 9,
            stock: 1,
            stoke: 'true',
          });
          const buyer = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT[size] });
          const shopper = await buyer.newPage();
          const { number, phone } = await guestCodOrder(shopper, `/product/${pair.$id}`, 'Sana');
          const link = await linkFromSms(server.dataDir, phone, number);
          await page.goto(`${server.url}/product/${pair.$id}`);
          await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);

          // Twelve hours on, nobody has confirmed it: at start the server cancels it.
          writeFileSync(shiftFile, String(12 * 3600_000 + 60_000));
          await server.restart();
          const stored = await getDocument<Order>(owner.request, server.url, 'orders', number);
          expect(stored).toMatchObject({ order_status: 'cancelled', cancelled_by: 'expiry' });
          await page.goto(`${server.url}/product/${pair.$id}`);
          await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
          const told = await textFromSms(server.dataDir, phone, /not confirmed in time/);
          expect(told).toContain(`Your order #${number.toUpperCase()} was not confirmed in time`);

          // The link says so; the owner's page says why the order is cancelled.
          await shopper.goto(link.pathname);
          await expect(
            shopper.getByRole('heading', { name: 'This link has expired' }),
          ).toBeVisible();
          await expectNoSideScroll(shopper, 'expired link');
          await shot(shopper, `expired-${size}`);
          await owner.goto(`/dashboard/orders/${number}`);
          await expect(owner.getByTestId('confirmed-by')).toHaveText('Expired unconfirmed');
          await owner.context().close();
          await buyer.close();
        } finally {
          await server.stop();
        }
      });
    },
  );
}
