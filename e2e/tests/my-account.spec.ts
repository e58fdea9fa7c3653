import type { Page } from '@playwright/test';
import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, newEmail, test } from '../support/fixtures.js';
import { linkFromOutbox } from '../support/outbox.js';

/**
 * My Account against a real server (docs/shop.md#accounts), on a 360 px phone: the e-mail
 * verification banner and link, changing name, phone, e-mail and password, and ending a session
 * from another device.
 */
test.use({ viewport: PHONE_360 });

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
}

const form = (page: Page, name: string) => page.getByRole('form', { name });

test.describe('my account', () => {
  test('verify the e-mail from the banner, then change name, phone, e-mail and password', async ({
    page,
    shop,
  }) => {
    const email = newEmail('nadia');
    await signUp(page, 'Nadia Hussain', email, 'first-password-1');
    await page.goto('/account/my-account');
    await expect(page.getByRole('heading', { name: 'Welcome Nadia Hussain' })).toBeVisible();
    await expect(page.getByText('Not given')).toHaveCount(3);
    await expectNoSideScroll(page, 'my account');
    // My Profile's e-mail may break before the "@", never inside a word.
    const shown = page
      .locator('dt', { hasText: /^Email$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(shown).toContainText(email);
    const linesPerPart = await shown.evaluate((dd) => {
      const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
      const out: Record<string, number> = {};
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (n.textContent?.trim()) out[n.textContent] = tops.size;
      }
      return out;
    });
    expect(Object.keys(linesPerPart).join('')).toContain(email);
    for (const [part, lines] of Object.entries(linesPerPart)) expect(lines, part).toBe(1);

    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await banner.getByRole('button', { name: 'Send verification link' }).click();
    await expect(banner.getByText(/We sent a link to/)).toBeVisible();
    const link = await linkFromOutbox(shop.dataDir, email);
    expect(link.pathname).toBe('/account/verify-email');
    await page.goto(link.href);
    await expect(page.getByText('Your e-mail address is verified. Thank you!')).toBeVisible();
    await expectNoSideScroll(page, 'verify e-mail');
    await page.getByRole('link', { name: 'Go to My Account' }).click();
    await expect(page.getByText('Verified')).toBeVisible();
    await expect(banner).toHaveCount(0);

    await page.getByText('Edit profile').click();
    await expectNoSideScroll(page, 'my account, edit profile');
    await form(page, 'Change name').getByLabel('Name').fill('Nadia Khan');
    await form(page, 'Change name').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Nadia Khan' })).toBeVisible();

    const phone = form(page, 'Change phone');
    await phone.getByLabel('Phone').fill('0333 7654321');
    await phone.getByLabel('Current password').fill('wrong-password-9');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expect(phone.getByRole('alert')).toContainText('Invalid credentials');
    await phone.getByLabel('Current password').fill('first-password-1');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('0333 7654321')).toBeVisible();

    const newAddress = newEmail('nadia.new');
    const mail = form(page, 'Change e-mail');
    await mail.getByLabel('New e-mail').fill(newAddress);
    await mail.getByLabel('Current password').fill('first-password-1');
    await mail.getByRole('button', { name: 'Save' }).click();
    // A new address is unverified again: the banner is back.
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toContainText(
      newAddress,
    );

    const pass = form(page, 'Change password');
    await pass.getByLabel('Current password').fill('first-password-1');
    await pass.getByLabel('New password', { exact: true }).fill('second-password-2');
    await pass.getByLabel('New password again').fill('second-password-2');
    await pass.getByRole('button', { name: 'Save' }).click();
    await expect(pass.getByText('Password changed')).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.goto('/login');
    await page.getByLabel('Email').fill(newAddress);
    await page.getByLabel('Password').fill('second-password-2');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Welcome Nadia' })).toBeVisible();
  });

  test('ends the session of another device', async ({ page, browser, shop }) => {
    const email = newEmail('omar');
    await signUp(page, 'Omar Farooq', email, 'omar-password-1');
    const other = await (
      await browser.newContext({ baseURL: shop.url, viewport: PHONE_360 })
    ).newPage();
    await other.goto('/login');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password').fill('omar-password-1');
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(other.getByRole('button', { name: 'Welcome Omar' })).toBeVisible();

    await page.goto('/account/my-account');
    const sessions = page.getByRole('region', { name: 'Where you are logged in' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expectNoSideScroll(page, 'my account, sessions');
    await expect(sessions.getByText('This device')).toHaveCount(1);
    await sessions.getByRole('button', { name: 'End session' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    await other.goto('/account/my-account');
    await expect(
      other.getByRole('heading', { name: 'Please sign in to see your account' }),
    ).toBeVisible();
    await other.context().close();
  });
});
