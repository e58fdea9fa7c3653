import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, newEmail, test } from '../support/fixtures.js';
import { linkFromOutbox } from '../support/outbox.js';

test.use({ viewport: PHONE_360 });

test.describe('password reset', () => {
  test('forgot password, follow the e-mailed link, choose a new password, log in with it', async ({
    page,
    shop,
  }) => {
    const email = newEmail('forgetful');
    const created = await page.request.post(`${shop.url}/v1/account`, {
      headers: { 'X-Appwrite-Project': 'courtside' },
      data: { userId: 'unique()', email, password: 'old-password-1', name: 'Zara Ahmed' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expectNoSideScroll(page, 'forgot password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

    const link = await linkFromOutbox(shop.dataDir, email);
    expect(link.origin).toBe(shop.url);
    expect(link.pathname).toBe('/reset-password');
    await page.goto(link.href);
    await expectNoSideScroll(page, 'new password');
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('New password again').fill('new-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    // The link is spent: opening it again says so.
    await page.goto(link.href);
    await page.getByLabel('New password', { exact: true }).fill('newer-password-3');
    await page.getByLabel('New password again').fill('newer-password-3');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This link has expired or was already used. Ask for a new one.',
    );

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('old-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid credentials. Please check the email and password.',
    );
    await page.getByLabel('Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Welcome Zara' })).toBeVisible();
  });
});
