import { ADMIN } from '../support/server.js';
import { expect, newEmail, test } from '../support/fixtures.js';

test.describe('accounts', () => {
  test('sign up, log out, fail and succeed to log in, survive a reload and a restart', async ({
    page,
    shop,
  }) => {
    const email = newEmail();
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Hamza Tariq');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('hoops-forever-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/$/);
    const welcome = page.getByRole('button', { name: 'Welcome Hamza Tariq', exact: true });
    await expect(welcome).toBeVisible();
    // One line in the phone's top bar: a long name ends in an ellipsis instead of wrapping.
    expect((await welcome.boundingBox())!.height).toBeLessThanOrEqual(48);
    await expect(welcome).toHaveAttribute('title', 'Welcome Hamza Tariq');

    await welcome.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid credentials. Please check the email and password.');
    await expect(alert).toHaveCSS('color', 'rgb(220, 38, 38)');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();

    await page.getByLabel('Password').fill('hoops-forever-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      page.getByRole('button', { name: 'Welcome Hamza Tariq', exact: true }),
    ).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('button', { name: 'Welcome Hamza Tariq', exact: true }),
    ).toBeVisible();

    await shop.restart();
    await page.reload();
    await expect(
      page.getByRole('button', { name: 'Welcome Hamza Tariq', exact: true }),
    ).toBeVisible();
  });

  test('the forms check their fields before calling the server', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Email address must be a valid address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  });

  test('a customer is sent away from the dashboard; the owner gets in', async ({ page }) => {
    const email = newEmail();
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Sana Malik');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('hoops-forever-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByRole('button', { name: 'Welcome Sana Malik', exact: true }),
    ).toBeVisible();

    await page.goto('/dashboard/products');
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Welcome Sana Malik', exact: true }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/dashboard/orders');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The owner lands on the dashboard's overview, the page an owner reads first.
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goto('/dashboard/products');
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  });

  test('an unknown page shows the 404 with its way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(
      page.getByText('The page you visited was not found. You may go to the home page.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back To Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
