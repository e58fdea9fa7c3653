import type { Order } from '@courtside/shop';
import type { Page } from '@playwright/test';
import { getDocument as openPdf } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';
import { logIn } from '../support/people.js';
import { ADMIN } from '../support/server.js';
import { listAll } from '../support/shop-api.js';

/** Each page of a PDF: its size in points and its text (words joined by single spaces). */
async function readPdf(bytes: Buffer) {
  const doc = await openPdf({ data: new Uint8Array(bytes) }).promise;
  const pages: { width: number; height: number; text: string }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const words = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push({ width, height, text: words.replace(/\s+/g, ' ') });
  }
  return pages;
}

const rs = (n: number) => `Rs.${n.toLocaleString('en-US')}`;

async function printedPages(page: Page) {
  return readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
}

/**
 * The owner prints an order's invoice and packing slip from its page (docs/shop.md#the-dashboard):
 * the PDF Chromium prints is read back, on A4 and on an 80 mm receipt roll.
 */
test.describe('printable invoice', () => {
  test.use({ viewport: PHONE_360 });

  test('an order prints on A4 and on an 80 mm receipt, with what the courier needs', async ({
    page,
    baseURL,
  }) => {
    await logIn(page, ADMIN.email, ADMIN.password);
    const [order] = await listAll<Order>(page.request, baseURL!, 'orders', [
      'equal("payment_type", ["COD"])',
    ]);
    expect(order).toBeDefined();
    await page.goto(`/dashboard/orders/${order!.$id}`);
    await page.getByRole('link', { name: 'Print invoice' }).click();
    const slip = page.getByRole('article', {
      name: `Invoice #${order!.order_number.toUpperCase()}`,
    });
    await expect(slip).toContainText(`Collect cash: ${rs(order!.price)}`);
    await expectNoSideScroll(page, 'print page');

    const a4 = await printedPages(page);
    expect(a4).toHaveLength(1);
    expect(Math.round(a4[0]!.width)).toBe(595); // A4: 210 x 297 mm
    expect(Math.round(a4[0]!.height)).toBe(842);
    for (const text of [
      `Invoice #${order!.order_number.toUpperCase()}`,
      order!.User_name,
      order!.street ?? order!.address,
      `Collect cash: ${rs(order!.price)}`,
    ]) {
      expect(a4[0]!.text).toContain(text);
    }
    expect(a4[0]!.text).not.toContain('Print slip'); // the controls never print

    await page.getByText('80 mm receipt').click();
    await expect(slip).toHaveClass(/slip-receipt/);
    const receipt = await printedPages(page);
    expect(receipt).toHaveLength(1);
    expect(Math.round((receipt[0]!.width * 25.4) / 72)).toBe(80);
    expect(receipt[0]!.text).toContain(`Collect cash: ${rs(order!.price)}`);
  });
});

test.describe('printable invoices of a selection', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('two orders ticked in the list print on two A4 pages @desktop', async ({ page }) => {
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/orders');
    const boxes = page.getByRole('checkbox', { name: /^Select order / });
    await expect(boxes.first()).toBeVisible();
    const numbers: string[] = [];
    for (const box of [boxes.nth(0), boxes.nth(1)]) {
      numbers.push((await box.getAttribute('aria-label'))!.replace('Select order ', ''));
      await box.check();
    }
    await expect(page.getByText('2 orders selected')).toBeVisible();
    await page.getByRole('link', { name: 'Print 2 invoices' }).click();
    for (const n of numbers) {
      await expect(page.getByRole('article', { name: `Invoice ${n}` })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Print 2 slips' })).toBeEnabled();
    const pages = await printedPages(page);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => /Invoice (#\w+)/.exec(p.text)?.[1])).toEqual(numbers);
    expect(pages.every((p) => Math.round(p.width) === 595)).toBe(true);
  });
});
