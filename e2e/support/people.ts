import { expect, type Browser, type Page } from '@playwright/test';
import { PHONE_360 } from './checks.js';
import { ADMIN } from './server.js';

/** Logs in through the login page and waits for the shop's home page. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Signs up through the sign-up page (which logs straight in) and waits for the home page. */
export async function signUp(
  page: Page,
  name: string,
  email: string,
  password = 'hoops-forever-1',
) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The owner, in a browser context of their own on a 360 px phone, signed in. */
export async function ownerPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE_360 });
  const page = await context.newPage();
  await logIn(page, ADMIN.email, ADMIN.password);
  return page;
}
