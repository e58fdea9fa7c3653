import { statSync } from 'node:fs';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, newEmail, SERVER_START_TIMEOUT, test } from '../support/fixtures.js';
import { matchFromOutbox } from '../support/outbox.js';
import { addToCart, logIn, openProduct, ownerPage } from '../support/people.js';
import { ADMIN, startShopServer } from '../support/server.js';

/**
 * The owner makes the shop their own in /dashboard/settings (docs/shop.md, Settings): a new
 * name, WhatsApp number and bank account show at once, without a restart, on the product page,
 * at checkout, on the thanks page, in the next order's e-mail and on its invoice. A shop of its
 * own, so the other journeys keep the demo shop's details.
 */
const TEAM_ORANGE = 'Nike Kyrie Low 5 "Team Orange"';

test('the owner changes the shop name, WhatsApp number and bank account; every page and the next order say them', async ({
  browser,
}) => {
  test.setTimeout(SERVER_START_TIMEOUT + 180_000);
  const own = await startShopServer({ SEED_DEMO: 'on' });
  try {
    const ownerContext = await browser.newContext({ baseURL: own.url, viewport: PHONE_360 });
    const owner = await ownerContext.newPage();
    await logIn(owner, ADMIN.email, ADMIN.password);
    await owner.goto('/dashboard/settings');
    const details = owner.getByRole('form', { name: 'Shop details' });
    // A wrong number is refused at its field, and nothing is saved.
    await details.getByLabel('WhatsApp number').fill('042 35761234');
    await details.getByRole('button', { name: 'Save shop details' }).click();
    await expect(
      details.getByText(/^WhatsApp number: enter a Pakistani mobile number/),
    ).toBeVisible();
    await expect(details.getByLabel('WhatsApp number')).toBeFocused();
    await details.getByLabel('WhatsApp number').fill('0321 7654321');
    await details.getByLabel('Shop name').fill('Sneaker Bazaar');
    await details.getByRole('button', { name: 'Save shop details' }).click();
    await expect(owner.getByText('Shop details saved: every page shows them now')).toBeVisible();

    const accounts = owner.getByRole('form', { name: 'Payment accounts' });
    const first = accounts.getByRole('listitem', { name: 'Account 1' });
    await first.getByLabel('Bank or wallet').fill('HBL');
    await first.getByLabel('Account number').fill('1234 5678 9012');
    await first.getByLabel('Account title').fill('Sana Malik');
    await first.getByLabel('IBAN (optional)').fill('PK36 1234');
    await accounts.getByRole('button', { name: 'Save accounts' }).click();
    await expect(accounts.getByRole('alert')).toHaveText(/^Account 1: IBAN must be PK/);
    await first.getByLabel('IBAN (optional)').fill('pk36scbl0000001123456702');
    await accounts.getByRole('button', { name: 'Remove account 3' }).click();
    await accounts.getByRole('button', { name: 'Save accounts' }).click();
    await expect(owner.getByText('Payment accounts saved')).toBeVisible();
    await expect(first.getByLabel('IBAN (optional)')).toHaveValue('PK36 SCBL 0000 0011 2345 6702');
    await expectNoSideScroll(owner, 'settings');
    await expectNoSeriousViolations(owner, 'settings at 360 px');

    // A shopper arriving now sees the new details on the server-rendered page and after.
    const shopper = await (await browser.newContext({ baseURL: own.url })).newPage();
    await shopper.goto('/');
    await expect(shopper.getByRole('link', { name: 'Sneaker Bazaar home' }).first()).toBeVisible();
    await openProduct(shopper, 'Team Orange', TEAM_ORANGE);
    const ask = shopper.getByRole('link', { name: 'Ask on WhatsApp' }).first();
    await expect(ask).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/923217654321\?text=Hi%20Sneaker%20Bazaar/,
    );
    await expect(shopper).toHaveTitle(/\| Sneaker Bazaar$/);
    await addToCart(shopper, 'Team Orange', TEAM_ORANGE);
    await shopper.goto('/cart');
    await shopper.getByRole('button', { name: 'Check Out' }).click();
    await shopper.getByRole('link', { name: 'Continue as guest' }).click();
    await expect(shopper).toHaveURL(/\/checkout$/);
    const email = newEmail('settings');
    await shopper.getByLabel('First Name *').fill('Sana');
    await shopper.getByLabel('Mobile number *').fill('0301 2345678');
    await shopper.getByLabel('Email (optional)').fill(email);
    await shopper.getByLabel('Address *').fill('House 4, Street 9, Gulberg');
    await shopper.getByLabel('City *').fill('Lahore');
    await shopper.getByRole('radio', { name: 'Bank transfer' }).check();
    await expect(shopper.getByText('Account title: Sana Malik')).toBeVisible();
    await expect(shopper.getByText('Easypaisa')).toHaveCount(0);
    await shopper.getByRole('button', { name: 'Place Order' }).click();

    await expect(shopper).toHaveURL(/\/thanks-for-shopping\?order=[0-9a-f]{6}$/);
    const id = new URL(shopper.url()).searchParams.get('order')!;
    const pay = shopper.getByRole('region', { name: 'How to pay' });
    await expect(pay).toContainText('1234 5678 9012');
    await expect(pay).toContainText('PK36 SCBL 0000 0011 2345 6702');
    const send = shopper.getByRole('link', { name: 'Send order on WhatsApp' });
    await expect(send).toHaveAttribute('href', /^https:\/\/wa\.me\/923217654321\?/);

    const paid = await matchFromOutbox(
      own.dataDir,
      email,
      /HBL: 1234 5678 9012 \(IBAN [^)]+\), Sana Malik/,
    );
    expect(paid).toContain('PK36 SCBL 0000 0011 2345 6702');
    await matchFromOutbox(own.dataDir, email, /^Subject: Your Sneaker Bazaar order #/m);

    // The invoice the owner prints names the shop as it is now.
    await owner.goto(`/dashboard/orders/${id}`);
    await owner.getByRole('link', { name: 'Print invoice' }).click();
    const slip = owner.getByRole('article', { name: `Invoice #${id.toUpperCase()}` });
    await expect(slip).toContainText('Sneaker Bazaar');
    await expect(slip).toContainText('WhatsApp 0321 7654321');
  } finally {
    await own.stop();
  }
});

test('the owner makes a backup, sees it listed with its size and downloads it', async ({
  browser,
  baseURL,
}) => {
  const owner = await ownerPage(browser, baseURL!);
  await owner.goto('/dashboard/backups');
  await expect(owner.getByRole('heading', { name: 'Backups' })).toBeVisible();
  await owner.getByRole('button', { name: 'Make a backup now' }).click();
  await expect(owner.getByText(/^Backup made: [\d.]+ (KB|MB)/)).toBeVisible();
  const list = owner.getByRole('list', { name: 'Backups, newest first' });
  const newest = list.getByRole('listitem').first();
  await expect(newest).toContainText(
    /courtside-\d{4}-\d{2}-\d{2}-[\d-]+\.tar\.gz · [\d.]+ (KB|MB)/,
  );
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    newest.getByRole('link', { name: /^Download the backup of / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^courtside-[\d-]+\.tar\.gz$/);
  const file = await download.path();
  expect(statSync(file).size).toBeGreaterThan(1000);
  await expect(owner.getByText(/npm run restore -- data\/backups\/courtside-/)).toBeVisible();
  await expectNoSideScroll(owner, 'backups');
  await expectNoSeriousViolations(owner, 'backups at 360 px');
});
