import { newProductId } from '@courtside/shop';
import type { Config } from '../../config.js';
import type { AccountService } from '../../modules/account/index.js';
import type { ShopContext } from '../context.js';
import { rebuildStats } from '../stats-rebuild.js';
import { DEMO_PRODUCTS, type DemoProduct } from './catalogue.js';
import { renderProductPhotos, renderShopImages } from './images.js';
import { DEMO_ADDRESS, DEMO_BUYERS, seedDemoOrders, type DemoBuyer } from './orders.js';
import { Q } from '../../protocol/query-builder.js';

/**
 * The demo shop (docs/shop.md#the-demo-shop): products with photos, the shop's pictures, a customer
 * and orders.
 */

export const DEMO_CUSTOMER = {
  email: 'customer@courtside.test',
  password: 'customer-password-1',
  name: DEMO_ADDRESS.name,
};
/** Created only when no ADMIN_EMAIL is configured, so a fresh `npm start` has a way in. */
export const DEMO_ADMIN = {
  email: 'owner@courtside.test',
  password: 'owner-password-1',
  name: 'Shop Owner',
};

export interface SeedDeps {
  shop: ShopContext;
  config: Readonly<Config>;
}

export interface SeedResult {
  products: number;
  files: number;
  orders: number;
  /** `password` only when it signs in as the owner; `refused` when a stranger holds the e-mail. */
  admin: { email: string; password: string | null; refused?: boolean };
  customer: { email: string; password: string };
}

const CONTEXT = { ip: '127.0.0.1', userAgent: 'courtside-seed' };

export async function shopIsEmpty(shop: ShopContext): Promise<boolean> {
  return shop.databases.transaction(shop.ids.database, async (docs) => {
    const products = await docs.list(shop.ids.products, [Q.limit(1)]);
    const orders = await docs.list(shop.ids.orders, [Q.limit(1)]);
    return products.total === 0 && orders.total === 0;
  });
}

async function storeFiles(
  shop: ShopContext,
  files: { fileId: string; name: string; bytes: Buffer }[],
) {
  let stored = 0;
  for (const file of files) {
    // An image the owner replaced (same id) stays as it is.
    if (await shop.storage.getFile(shop.ids.bucket, file.fileId)) continue;
    await shop.storage.createFile(shop.ids.bucket, file.fileId, file.name, file.bytes);
    stored++;
  }
  return stored;
}

async function seedProduct(shop: ShopContext, p: DemoProduct): Promise<number | null> {
  const exists = await shop.databases.transaction(shop.ids.database, (docs) =>
    docs.list(shop.ids.products, [Q.equal('title', [p.title]), Q.limit(1)]),
  );
  if (exists.total > 0) return null;
  const id = newProductId();
  const photos = await renderProductPhotos(p, id);
  const files = await storeFiles(shop, photos);
  const [main, ...extra] = photos.map((f) => f.fileId);
  await shop.databases.transaction(shop.ids.database, (docs) =>
    docs.create(
      shop.ids.products,
      id,
      {
        title: p.title,
        description: p.description,
        category: p.category,
        price: p.price,
        disc_price: p.disc_price,
        size: p.size,
        condition: p.condition,
        stock: p.stock,
        stoke: p.stock > 0 ? 'true' : 'false',
        image: main,
        images: JSON.stringify(extra),
        product_id: id,
      },
      [],
    ),
  );
  return files;
}

/** The demo customer (who signs in with DEMO_CUSTOMER) and the history's buyers (who cannot). */
async function demoBuyers(account: AccountService) {
  const out: (DemoBuyer & { id: string })[] = [];
  for (const buyer of DEMO_BUYERS) {
    const demo = buyer.email === DEMO_CUSTOMER.email;
    const existing = await account.findUserByEmail(buyer.email);
    const id = existing
      ? existing.id
      : (
          await account.insertUser(
            {
              id: 'unique()',
              email: buyer.email,
              password: demo ? DEMO_CUSTOMER.password : null,
              name: buyer.name,
              phone: buyer.phone,
              emailVerification: true,
            },
            CONTEXT,
          )
        ).$id;
    out.push({ ...buyer, id });
  }
  return out;
}

export async function seedDemoShop(deps: SeedDeps): Promise<SeedResult> {
  const { shop, config } = deps;
  const { account } = shop;
  let admin: SeedResult['admin'];
  if (config.admin) {
    admin = { email: config.admin.email, password: null };
  } else {
    // An account someone else registered with the demo address is not promoted, and a
    // password the owner has since changed is not printed as if it still worked.
    const demo = await account.ensureLabelledUser(
      { ...DEMO_ADMIN, label: config.ids.adminLabel },
      CONTEXT,
    );
    const refused = demo.outcome === 'refused';
    admin = {
      email: DEMO_ADMIN.email,
      password: !refused && demo.passwordMatches ? DEMO_ADMIN.password : null,
      refused,
    };
  }
  let files = await storeFiles(shop, await renderShopImages());
  let products = 0;
  for (const p of DEMO_PRODUCTS) {
    const stored = await seedProduct(shop, p);
    if (stored === null) continue;
    products++;
    files += stored;
  }
  const orders = await seedDemoOrders(shop, await demoBuyers(account));
  await rebuildStats(shop);
  return {
    products,
    files,
    orders,
    admin,
    customer: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  };
}

/** The lines printed at first start and by `npm run seed`. */
export function describeSeed(result: SeedResult, url: string): string {
  const admin = result.admin.refused
    ? `none: ${result.admin.email} belongs to an account that is not the shop's. Make the owner with: npm run admin -- create --email <e-mail> --password <password>`
    : result.admin.password
      ? `${result.admin.email} / ${result.admin.password}   (demo owner: change this password, or set ADMIN_EMAIL and ADMIN_PASSWORD)`
      : `${result.admin.email} (with the password you set)`;
  return [
    '',
    `The demo shop is ready on ${url}: ${result.products} products, ${result.files} images, ${result.orders} orders.`,
    `  Owner (dashboard):  ${admin}`,
    `  Demo customer:      ${result.customer.email} / ${result.customer.password}`,
    '',
  ].join('\n');
}
