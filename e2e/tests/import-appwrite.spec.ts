import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatRs, shopMonth } from '@courtside/shop';
import { expect, test } from '@playwright/test';
import { Client, Databases, Storage, Users } from 'node-appwrite';
import {
  OLD_CUSTOMERS,
  OLD_OWNER,
  seedOldShop,
  writeOriginalSchema,
  type OldShop,
} from '../../apps/server/test/support/original-shop.js';
import { PHONE_360 } from '../support/checks.js';
import { logIn } from '../support/people.js';
import { runCli, startShopServer, type ShopServer } from '../support/server.js';

/**
 * Moving from Appwrite (README): a shop in the original's shape on a source server, copied by
 * `npm run import` (the built command) into a new shop, which then serves it: an old customer
 * logs in with their old password and finds their orders as they were, the old owner runs the
 * dashboard, every product's picture shows, and the overview's figures are the imported data's.
 */
test.use({ viewport: PHONE_360 });

const COLLECTION_SCOPES = 'databases.read,collections.read,attributes.read,indexes.read';
const READ_SCOPES = `users.read,${COLLECTION_SCOPES},documents.read,buckets.read,files.read`;

async function newKey(dataDir: string, scopes: string): Promise<string> {
  const out = await runCli('admin', ['key', 'create', '--name', 'import', '--scopes', scopes], {
    DATA_DIR: dataDir,
  });
  const lines = out.split('\n');
  return lines[lines.findIndex((l) => l.startsWith('Its secret')) + 2]!.trim();
}

const CUSTOMER_LABEL: Record<string, string> = {
  pending: 'Pending, unconfirmed',
  confirmed: 'Confirmed, we are packing it',
  completed: 'Delivered',
};

test('an imported shop: old passwords, old orders, the owner, every picture, the figures', async ({
  browser,
}) => {
  test.slow(); // two servers and an import
  const dir = mkdtempSync(join(tmpdir(), 'courtside-e2e-import-'));
  const schemaFile = join(dir, 'original-shop.json');
  writeOriginalSchema(schemaFile);
  const noAdmin = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SEED_DEMO: 'off' };
  const source: ShopServer = await startShopServer({ ...noAdmin, SCHEMA_FILE: schemaFile });
  let target: ShopServer | null = null;
  try {
    const writer = await newKey(
      source.dataDir,
      `${READ_SCOPES},users.write,users.admin,documents.write,files.write`,
    );
    const client = new Client()
      .setEndpoint(`${source.url}/v1`)
      .setProject('courtside')
      .setKey(writer);
    const old: OldShop = await seedOldShop(
      { users: new Users(client), databases: new Databases(client), storage: new Storage(client) },
      { products: 30 },
    );

    const targetDir = join(dir, 'target');
    const out = await runCli(
      'import',
      [
        '--from',
        source.url,
        '--project',
        'courtside',
        '--key',
        await newKey(source.dataDir, READ_SCOPES),
      ],
      { DATA_DIR: targetDir },
    );
    expect(out).toContain(`orders       ${old.orders.length} imported`);
    target = await startShopServer(noAdmin, { dataDir: targetDir });

    // An old customer, with the password they always had, finds their orders as they were.
    const customer = OLD_CUSTOMERS[0]!;
    const page = await (
      await browser.newContext({ baseURL: target.url, viewport: PHONE_360 })
    ).newPage();
    await logIn(page, customer.email, customer.password);
    await page.goto('/account/my-orders');
    const mine = old.orders.filter((o) => o.userId === customer.id);
    expect(mine.length).toBeGreaterThan(1);
    for (const order of mine) {
      const card = page.getByRole('listitem', { name: `Order #${order.id.toUpperCase()}` });
      await expect(card.getByText(CUSTOMER_LABEL[order.status]!)).toBeVisible();
      await expect(card.getByText(`Total ${formatRs(order.price)}`)).toBeVisible();
    }
    await expect(page.getByRole('listitem', { name: /^Order / })).toHaveCount(mine.length);

    // The old owner is the shop's admin, by the label they had.
    const owner = await (
      await browser.newContext({ baseURL: target.url, viewport: PHONE_360 })
    ).newPage();
    await logIn(owner, OLD_OWNER.email, OLD_OWNER.password);
    await owner.goto('/dashboard/overview');
    const counter = (label: string) =>
      owner
        .locator('p', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::p[1]');
    // Written today through the API, the old data falls on today and this month.
    await expect(counter('Products')).toHaveText(String(old.products.length));
    await expect(counter('Sales today').locator('xpath=following-sibling::p[1]')).toHaveText(
      new RegExp(`^${old.orders.length} orders?$`),
    );
    await expect(counter('Customers today')).toHaveText(String(OLD_CUSTOMERS.length));
    const month = Number(shopMonth(new Date()).slice(5));
    const sales = old.orders.reduce((sum, o) => sum + o.price, 0);
    const row = owner.getByRole('table', { name: 'Sales value by month' }).locator('tbody tr');
    await expect(
      row
        .nth(month - 1)
        .getByRole('cell')
        .nth(0),
    ).toHaveText(formatRs(sales));

    // Every product's picture shows, page by page of the owner's product grid.
    let seen = 0;
    for (let n = 1; seen < old.products.length; n++) {
      await owner.goto(`/dashboard/products${n > 1 ? `?page=${n}` : ''}`);
      const pictures = owner.locator('article img');
      await expect(pictures.first()).toBeVisible();
      const count = await pictures.count();
      for (let i = 0; i < count; i++) {
        const img = pictures.nth(i);
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
          .toBeGreaterThan(0);
      }
      seen += count;
      expect(n).toBeLessThan(10);
    }
    expect(seen).toBe(old.products.length);
  } finally {
    await target?.stop();
    await source.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
