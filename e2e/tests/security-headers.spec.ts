import type { Order, Product } from '@courtside/shop';
import type { Page } from '@playwright/test';
import { expect, newEmail, test } from '../support/fixtures.js';
import { logIn, signUp } from '../support/people.js';
import { ADMIN } from '../support/server.js';
import { listAll } from '../support/shop-api.js';

/**
 * Every kind of page under the shop's Content-Security-Policy (docs/architecture.md#security):
 * the storefront, the account area and the dashboard run with no violation at all, and each page
 * arrives with the policy and the other security headers.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

async function visit(page: Page, path: string, ready: RegExp | string) {
  const res = await page.goto(path);
  expect(res?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
  expect(res?.headers()['x-content-type-options'], path).toBe('nosniff');
  await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
  // Lazy sections and pictures below the fold load too.
  await page.mouse.wheel(0, 4000);
  await page.waitForLoadState('networkidle');
}

test('the storefront and the account area run without a single CSP violation', async ({
  page,
  shop,
}) => {
  const violations = await watchViolations(page);
  // A pair in stock, whatever the other journeys sold or added meanwhile.
  const [product] = await listAll<Product>(page.request, shop.url, 'products', [
    'equal("stoke", ["true"])',
    'greaterThan("stock", 0)',
  ]);
  await visit(page, '/', /New arrivals/);
  await visit(page, `/category/${product!.category}`, /./);
  await visit(page, `/product/${product!.$id}`, product!.title);
  await visit(page, '/sizes', /./);
  await visit(page, '/no-such-page', /./);
  await page.goto(`/product/${product!.$id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await visit(page, '/cart', 'Your Cart');
  await signUp(page, 'Csp Shopper', newEmail('csp'));
  await visit(page, '/checkout', 'Checkout');
  await visit(page, '/account/my-account', /account/i);
  await visit(page, '/account/my-orders', /orders/i);
  await visit(page, '/account/wishlist', /wishlist/i);
  expect(violations).toEqual([]);
});

test('the dashboard runs without a single CSP violation', async ({ page, shop }) => {
  const violations = await watchViolations(page);
  await logIn(page, ADMIN.email, ADMIN.password);
  const [order] = await listAll<Order>(page.request, shop.url, 'orders');
  const [product] = await listAll<Product>(page.request, shop.url, 'products');
  await visit(page, '/dashboard/overview', /./);
  await visit(page, '/dashboard/orders', 'All Orders');
  await visit(page, `/dashboard/orders/${order!.$id}`, /./);
  await visit(page, '/dashboard/products', /./);
  await visit(page, `/dashboard/editproduct/${product!.$id}`, /./);
  await visit(page, '/dashboard/addproducts', /./);
  expect(violations).toEqual([]);
});
