import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { test, expect } from '../support/fixtures.js';
import { textFromSms } from '../support/outbox.js';
import { addToCart, ownerPage } from '../support/people.js';
import { png } from '../support/pictures.js';
import type { ShopServer } from '../support/server.js';

/**
 * Paying in advance (docs/shop.md §4): a guest places a bank-transfer order, finds the accounts
 * and the order number as the reference on the thanks page, and uploads the payment's screenshot
 * there; the owner sees it beside the order, marks the order paid with the amount and the bank's
 * reference; the buyer is told by SMS and the order reads Paid. At 360 and at 1280 px.
 */

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

async function journey(
  page: Page,
  browser: Browser,
  shop: ShopServer,
  info: TestInfo,
  pair: { search: string; title: string },
) {
  const width = page.viewportSize()!.width;
  await page.goto('/');
  await addToCart(page, pair.search, pair.title);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Check Out' }).click();
  await page.getByRole('link', { name: 'Continue as guest' }).click();
  const phone = `+92302${String(Date.now()).slice(-7)}`;
  await page.getByLabel('First Name *').fill('Sana');
  await page.getByLabel('Mobile number *').fill(`0${phone.slice(3)}`);
  await page.getByLabel('Address *').fill('House 7, Block C, Model Town');
  await page.getByLabel('City *').fill('Lahore');
  await page.getByRole('radio', { name: 'Bank transfer' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  // The thanks page: the accounts, the order number to give as the reference, the upload.
  await expect(page).toHaveURL(/\/thanks-for-shopping\?order=[0-9a-f]{6}$/);
  const number = new URL(page.url()).searchParams.get('order')!;
  const total = rupees(await page.getByTestId('order-total').textContent());
  const pay = page.getByRole('region', { name: 'How to pay' });
  await expect(pay.getByTestId('payment-state')).toHaveText('Not paid yet');
  await expect(pay.getByText('Reference: your order number')).toBeVisible();
  await expect(pay.getByText(number.toUpperCase(), { exact: true })).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Copy order number' })).toBeVisible();
  // Not a picture: refused on the phone, in words, before anything is sent.
  const upload = pay.getByLabel('Upload payment screenshot');
  await upload.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('hello'),
  });
  await expect(pay.getByRole('alert')).toContainText('The screenshot must be a picture');
  await upload.setInputFiles(png('payment.png'));
  await expect(
    pay.getByText('Screenshot sent. We will check the payment and text you.'),
  ).toBeVisible();
  await expect(pay.getByTestId('payment-state')).toHaveText('Screenshot sent, being checked');
  await expectNoSideScroll(page, `thanks page at ${width} px`);
  await expectNoSeriousViolations(page, `thanks page at ${width} px`);
  await shot(page, info, `thanks-${width}`);

  // The owner checks the screenshot beside the order and marks it paid.
  const owner = await ownerPage(browser, shop.url);
  await owner.setViewportSize({ width, height: 900 });
  await owner.goto(`/dashboard/orders/${number}`);
  const panel = owner.getByRole('region', { name: 'Payment', exact: true });
  await expect(panel.getByTestId('owner-payment-state')).toHaveText('Proof to check');
  const picture = panel.getByRole('img', { name: 'Payment screenshot' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(panel.getByRole('link', { name: 'Payment screenshot, full size' })).toHaveAttribute(
    'href',
    /^blob:/,
  );
  await expect(panel.getByLabel('Amount received (Rs.)')).toHaveValue(String(total));
  await expectNoSideScroll(owner, `owner's order page at ${width} px`);
  await shot(owner, info, `owner-order-${width}`);
  // A reference is needed; then it is marked paid.
  await panel.getByRole('button', { name: 'Mark paid' }).click();
  await expect(
    panel.getByText("The reference (the bank's transaction id) is 1 to 80"),
  ).toBeVisible();
  await panel.getByLabel('Bank reference').fill('MZN 4455 6677');
  await panel.getByRole('button', { name: 'Mark paid' }).click();
  await expect(panel.getByTestId('owner-payment-state')).toHaveText('Paid');
  await expect(panel.getByText('MZN 4455 6677')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Refunded' })).toBeVisible();
  await shot(owner, info, `owner-order-paid-${width}`);
  await owner.context().close();

  // The buyer hears of it, and the order reads Paid.
  const sms = await textFromSms(shop.dataDir, phone, /received your payment/);
  expect(sms).toContain(`#${number.toUpperCase()}`);
  await page.goto(`/thanks-for-shopping?order=${number}`);
  await expect(
    page.getByRole('region', { name: 'How to pay' }).getByTestId('payment-state'),
  ).toHaveText('Paid');
  await expect(page.getByLabel('Upload payment screenshot')).toHaveCount(0);
}

test.describe('paying in advance on a phone', () => {
  test.use({ viewport: PHONE_360 });
  test('a guest pays by bank transfer, sends the screenshot, and the owner marks it paid', async ({
    page,
    browser,
    shop,
  }, info) => {
    test.slow();
    await journey(page, browser, shop, info, {
      search: 'Team Orange',
      title: 'Nike Kyrie Low 5 "Team Orange"',
    });
  });
});

test('paying in advance at 1280 px: screenshot, owner marks paid @desktop', async ({
  page,
  browser,
  shop,
}, info) => {
  test.slow();
  await journey(page, browser, shop, info, {
    search: 'Grinch',
    title: 'Nike Kobe 6 Protro "Grinch"',
  });
});
