import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { test, expect } from '../support/fixtures.js';
import { textFromSms } from '../support/outbox.js';
import { addToCart } from '../support/people.js';

/**
 * A guest's cash-on-delivery order on a 360 px phone (docs/shop.md §2, §4): no account, a mobile
 * number and no e-mail; the SMS with the order's number and total is in the outbox, and /track
 * shows the order by its number and mobile number.
 */
test.use({ viewport: PHONE_360 });

const TEAM_ORANGE = 'Nike Kyrie Low 5 "Team Orange"';

test('a guest places a COD order with a phone only, gets the SMS and tracks it', async ({
  page,
  shop,
}) => {
  test.slow();
  await page.goto('/');
  await addToCart(page, 'Team Orange', TEAM_ORANGE);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Check Out' }).click();
  // The sign-in page leads with the number and lets a guest go on.
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout$/);
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await page.getByRole('link', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Delivery details' })).toBeVisible();

  const phone = `+92301${String(Date.now()).slice(-7)}`;
  const local = `0${phone.slice(3, 6)} ${phone.slice(6)}`;
  await page.getByLabel('First Name *').fill('Hamza');
  await page.getByLabel('Mobile number *').fill(local);
  await page.getByLabel('Address *').fill('House 4, Street 9, Gulgasht');
  await page.getByLabel('City *').fill('Multan');
  await expect(page.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
  await expectNoSideScroll(page, 'guest checkout');
  await expectNoSeriousViolations(page, 'guest checkout at 360 px');
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/thanks-for-shopping\?order=[0-9a-f]{6}$/);
  const number = new URL(page.url()).searchParams.get('order')!;
  const printed = number.toUpperCase();
  // A cash-on-delivery order is confirmed by the buyer's link, sent by SMS (order-confirm.spec.ts).
  await expect(page.getByText(/Please confirm it below/)).toContainText(
    `we also sent the link by SMS to ${local}.`,
  );
  const total = (await page
    .getByText(/^Rs\.[\d,]+$/)
    .last()
    .textContent())!;

  const sms = await textFromSms(shop.dataDir, phone, new RegExp(`#${printed}`));
  expect(sms).toContain(`thank you for your order #${printed}, total ${total} (cash on delivery).`);
  expect(sms).toMatch(new RegExp(`Confirm or cancel: \\S+/confirm/${number}\\.[\\w-]{24} `));
  const follow = new URL(/Follow it: (\S+)/.exec(sms)![1]!);
  expect(follow.pathname + follow.search).toBe(`/track?order=${number}`);

  // /track in a fresh tab of the same phone, typed from the SMS.
  await page.goto(`/track?order=${number}`);
  await page.getByLabel('Mobile number *').fill(local);
  await page.getByRole('button', { name: 'Track' }).click();
  const card = page.getByRole('region', { name: `Order #${printed}` });
  await expect(card.getByText('Order placed')).toBeVisible();
  await expect(card.getByText('Confirmed: we are packing it')).toBeVisible();
  await expect(card.getByText(total)).toBeVisible();
  await expectNoSideScroll(page, 'track');
  await expectNoSeriousViolations(page, 'track at 360 px');

  // A wrong number finds nothing, said plainly.
  await page.getByLabel('Mobile number *').fill('0300 0000000');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('alert')).toContainText('We found no order with this number');
});
