import { expect, type Browser, type Page } from '@playwright/test';
import { PHONE_360 } from './checks.js';
import { ADMIN } from './server.js';

/**
 * Logs in through the login page and waits for where it leads: the shop's home page, or the
 * dashboard's Overview for the owner (whoever has the admin label, also an imported owner).
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/(dashboard\/overview)?$/);
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

/** Finds a pair with the header's search and opens its page. */
export async function openProduct(page: Page, search: string, title: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Search products by title' }).filter({
    visible: true,
  });
  await box.click();
  await box.fill(search);
  // The home page may show the same product in a carousel: any of its links opens it.
  await page.getByRole('link', { name: title }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Finds a pair with the header's search, opens it and adds it to the cart. */
export async function addToCart(page: Page, search: string, title: string): Promise<void> {
  await openProduct(page, search, title);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
}
