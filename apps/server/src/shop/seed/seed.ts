import { newProductId, productPermissions } from '@courtside/shop';
import type { Config } from '../../config.js';
import type { AccountService } from '../../modules/account/index.js';
import type { ShopContext } from '../context.js';
import {
  newDemoPassword,
  readDemoLogins,
  writeDemoLogins,
  type DemoLogins,
} from './demo-logins.js';
import { rebuildStats } from '../stats-rebuild.js';
import { DEMO_PRODUCTS, type DemoProduct } from './catalogue.js';
import { renderProductPhotos, renderShopImages } from './images.js';
import { DEMO_ADDRESS, DEMO_BUYERS, seedDemoOrders, type DemoBuyer } from './orders.js';
import { Q } from '../../protocol/query-builder.js';

/**
 * The demo shop (docs/shop.md#the-demo-shop): products with photos, the shop's pictures, a customer
 * and orders.
 */

/** The demo customer; its password is made at random (demo-logins.ts). */
export const DEMO_CUSTOMER = {
  email: 'customer@courtside.test',
  name: DEMO_ADDRESS.name,
};
/**
 * Created only when no ADMIN_EMAIL is configured, so a fresh `npm start` has a way in; its
 * password is made at random (demo-logins.ts), and it stops being an admin once a real owner is
 * configured.
 */
export const DEMO_ADMIN = {
  email: 'owner@courtside.test',
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
  /** `password` null: the demo customer was there already, with a password this seed never made. */
  customer: { email: string; password: string | null };
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
      productPermissions(false),
    ),
  );
  return files;
}

/**
 * The demo customer (who signs in with `customerPassword`) and the history's buyers (who cannot);
 * `created` tells whether the demo customer is new (so its password is the given one).
 */
async function demoBuyers(account: AccountService, customerPassword: string) {
  const out: (DemoBuyer & { id: string })[] = [];
  let created = false;
  for (const buyer of DEMO_BUYERS) {
    const demo = buyer.email === DEMO_CUSTOMER.email;
    const existing = await account.findUserByEmail(buyer.email);
    if (demo && !existing) created = true;
    const id = existing
      ? existing.id
      : (
          await account.insertUser(
            {
              id: 'unique()',
              email: buyer.email,
              password: demo ? customerPassword : null,
              name: buyer.name,
              phone: buyer.phone,
              emailVerification: true,
            },
            CONTEXT,
          )
        ).$id;
    out.push({ ...buyer, id });
  }
  return { buyers: out, created };
}

export async function seedDemoShop(deps: SeedDeps): Promise<SeedResult> {
  const { shop, config } = deps;
  const { account } = shop;
  // Passwords made by an earlier seed are kept (the file remembers them), new ones made here.
  const known = readDemoLogins(config.dataDir);
  const logins: DemoLogins = {};
  let admin: SeedResult['admin'];
  if (config.admin) {
    admin = { email: config.admin.email, password: null };
  } else {
    // An account someone else registered with the demo address is not promoted, and a
    // password the owner has since changed is not printed as if it still worked.
    const password = known.owner?.password ?? newDemoPassword();
    const demo = await account.ensureLabelledUser(
      { ...DEMO_ADMIN, password, label: config.ids.adminLabel },
      CONTEXT,
    );
    const refused = demo.outcome === 'refused';
    const works = !refused && demo.passwordMatches;
    admin = { email: DEMO_ADMIN.email, password: works ? password : null, refused };
    if (works) logins.owner = { email: DEMO_ADMIN.email, password };
  }
  const customerPassword = known.customer?.password ?? newDemoPassword();
  const { buyers, created } = await demoBuyers(account, customerPassword);
  const customer = {
    email: DEMO_CUSTOMER.email,
    password: created || known.customer ? customerPassword : null,
  };
  if (customer.password) logins.customer = { email: customer.email, password: customer.password };
  writeDemoLogins(config.dataDir, logins);
  let files = await storeFiles(shop, await renderShopImages());
  let products = 0;
  for (const p of DEMO_PRODUCTS) {
    const stored = await seedProduct(shop, p);
    if (stored === null) continue;
    products++;
    files += stored;
  }
  const orders = await seedDemoOrders(shop, buyers);
  await rebuildStats(shop);
  return {
    products,
    files,
    orders,
    admin,
    customer,
  };
}

/** The box printed at first start and by `npm run seed`: the demo's logins, once. */
export function describeSeed(result: SeedResult, url: string): string {
  const { admin, customer } = result;
  const owner = admin.refused
    ? `none: ${admin.email} belongs to an account that is not the shop's.`
    : admin.password
      ? `${admin.email} / ${admin.password}`
      : `${admin.email} (with the password you set)`;
  const lines = [
    `The demo shop is ready on ${url}`,
    `${result.products} products, ${result.files} images, ${result.orders} orders.`,
    '',
    `Owner (dashboard):  ${owner}`,
    `Demo customer:      ${customer.email} / ${customer.password ?? '(its password is unchanged)'}`,
    '',
    ...(admin.refused
      ? ['Make the owner with: npm run admin -- create --email <e-mail> --password <password>']
      : admin.password
        ? [
            'These passwords were made at random and are kept in DATA_DIR/demo-logins.txt.',
            'Change them, or set ADMIN_EMAIL and ADMIN_PASSWORD for the real owner.',
          ]
        : ["The demo customer's password is kept in DATA_DIR/demo-logins.txt."]),
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((l) => `| ${l.padEnd(width)} |`), rule, ''].join('\n');
}
