import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash as argon2Hash } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { InputFile, type Databases, type Storage, type Users } from 'node-appwrite';
import sharp from 'sharp';

/**
 * The shop Courtside replaces, as it stood on hosted Appwrite 1.4: its schema (the shop's own
 * without what Courtside added: stock counts, kept prices, the split address, codes, couriers),
 * and data in its shape, written through node-appwrite with a key: users whose hashes Appwrite
 * made (argon2 of Appwrite's parameters) or brought in (bcrypt, argon2i), the owner by the
 * `admin` label, products with pictures, and orders priced by the old client (the full price of
 * every pair, no cash-on-delivery fee: prices the shop's rules would not compute). Shared by the
 * import test and the browser journey on the imported shop; self-contained so both can load it.
 */
const SHOP_SCHEMA = fileURLToPath(new URL('../../src/shop/appwrite.json', import.meta.url));

/** What Courtside added to the original collections. */
const ADDED: Record<string, string[]> = {
  products: ['stock', 'sale_price', 'sold'],
  orders: ['street', 'city', 'etcaddress', 'code', 'discount', 'courier', 'tracking_number'],
};
const ORIGINAL_COLLECTIONS = ['products', 'orders', 'subscribers'];

interface SchemaFile {
  collections: {
    $id: string;
    attributes: { key: string }[];
    indexes: { attributes: string[] }[];
  }[];
}

/** Writes the original shop's schema (appwrite.json format) to `path`, for SCHEMA_FILE. */
export function writeOriginalSchema(path: string): void {
  const schema = JSON.parse(readFileSync(SHOP_SCHEMA, 'utf8')) as SchemaFile;
  schema.collections = schema.collections
    .filter((c) => ORIGINAL_COLLECTIONS.includes(c.$id))
    .map((c) => {
      const added = ADDED[c.$id] ?? [];
      return {
        ...c,
        attributes: c.attributes.filter((a) => !added.includes(a.key)),
        indexes: c.indexes.filter((i) => !i.attributes.some((k) => added.includes(k))),
      };
    });
  writeFileSync(path, JSON.stringify(schema, null, 2));
}

export interface OldPerson {
  id: string;
  email: string;
  password: string;
  name: string;
  phone: string;
  labels: string[];
  /** How the old project kept the password. */
  hash: 'argon2-appwrite' | 'argon2i' | 'bcrypt';
}

export const OLD_OWNER: OldPerson = {
  id: 'owner01',
  email: 'owner@oldshop.test',
  password: 'old-owner-password',
  name: 'Old Shop Owner',
  phone: '+923001110000',
  labels: ['admin'],
  hash: 'argon2-appwrite',
};

export const OLD_CUSTOMERS: OldPerson[] = [
  ['ayesha', 'Ayesha Khan', 'argon2-appwrite'],
  ['bilal', 'Bilal Ahmed', 'bcrypt'],
  ['hamza', 'Hamza Raza', 'argon2i'],
  ['sana', 'Sana Iqbal', 'bcrypt'],
].map(([key, name, hash], i) => ({
  id: `cust_${key}`,
  email: `${key}@oldshop.test`,
  password: `${key}-old-password`,
  name: name!,
  phone: `+92300222000${i}`,
  labels: [],
  hash: hash as OldPerson['hash'],
}));

export const OLD_SUBSCRIBERS = ['fan1@oldshop.test', 'fan2@oldshop.test', 'fan3@oldshop.test'];

const STATUSES = ['pending', 'confirmed', 'completed'] as const;
const CATEGORIES = ['nike', 'jordan', 'kobe', 'kyrie', 'adidas', 'curry'];

/** The hash the old project kept for a person's password. */
async function oldHash(person: OldPerson): Promise<string> {
  if (person.hash === 'bcrypt') {
    // PHP's bcrypt ($2y$), as a PHP shop in front of Appwrite would have made it.
    return (await bcrypt.hash(person.password, 8)).replace(/^\$2[ab]\$/, '$2y$');
  }
  // Appwrite's own argon2 parameters (2 MiB, 4 passes, 3 lanes); argon2i from elsewhere.
  const argon2i = person.hash === 'argon2i';
  return argon2Hash(person.password, {
    algorithm: argon2i ? 1 : 2,
    memoryCost: argon2i ? 4096 : 2048,
    timeCost: argon2i ? 3 : 4,
    parallelism: argon2i ? 1 : 3,
  });
}

export interface OldProduct {
  id: string;
  title: string;
  price: number;
  disc_price: number;
  stoke: 'true' | 'false';
  image: string;
  images: string[];
}

export interface OldOrder {
  id: string;
  userId: string;
  status: (typeof STATUSES)[number];
  price: number;
  payment: 'COD' | 'Bank';
  productId: string;
  /** A date in the past (the source server writes it when it can; else the write time holds). */
  createdAt: string;
}

export interface OldShop {
  people: OldPerson[];
  products: OldProduct[];
  orders: OldOrder[];
  files: string[];
}

/** Writes one document: by default through the API with the key (the time is then the server's). */
export type WriteDocument = (
  collection: string,
  id: string,
  data: Record<string, unknown>,
  permissions: string[],
  createdAt: string,
) => Promise<void>;

export interface OldClient {
  users: Users;
  databases: Databases;
  storage: Storage;
}

async function picture(n: number): Promise<Buffer> {
  const background = { r: (n * 47) % 256, g: (n * 91) % 256, b: (n * 13) % 256 };
  return sharp({ create: { width: 40, height: 32, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * Fills an empty source server in the original shop's shape: people, `products` products (one
 * picture each, every third a second one), two orders per customer and a few more, three
 * subscribers. Deterministic, apart from the hashes' salts.
 */
export async function seedOldShop(
  old: OldClient,
  options: { products: number; write?: WriteDocument; now?: Date },
): Promise<OldShop> {
  const now = options.now ?? new Date();
  const write: WriteDocument =
    options.write ??
    (async (collection, id, data, permissions) => {
      await old.databases.createDocument('shop', collection, id, data, permissions);
    });
  const people = [OLD_OWNER, ...OLD_CUSTOMERS];
  for (const p of people) {
    const hash = await oldHash(p);
    if (p.hash === 'bcrypt') await old.users.createBcryptUser(p.id, p.email, hash, p.name);
    else await old.users.createArgon2User(p.id, p.email, hash, p.name);
    await old.users.updatePhone(p.id, p.phone);
    if (p.labels.length > 0) await old.users.updateLabels(p.id, p.labels);
    if (p.hash !== 'argon2i') await old.users.updateEmailVerification(p.id, true);
    await old.users.updatePrefs(p.id, { theme: p.id.length % 2 ? 'dark' : 'light' });
  }

  const products: OldProduct[] = [];
  const files: string[] = [];
  for (let i = 0; i < options.products; i++) {
    const id = String(310_000_000 + i * 7919);
    const image = `img${id}`;
    const extra = i % 3 === 0 ? [`img${id}b`] : [];
    for (const [n, fileId] of [image, ...extra].entries()) {
      const bytes = await picture(i * 2 + n);
      await old.storage.createFile('images', fileId, InputFile.fromBuffer(bytes, `${fileId}.png`));
      files.push(fileId);
    }
    const price = 20_000 + i * 500;
    const product: OldProduct = {
      id,
      title: `Old Pair ${i + 1}`,
      price,
      disc_price: i % 2 === 0 ? price - 2_000 : 0,
      stoke: i % 7 === 6 ? 'false' : 'true',
      image,
      images: extra,
    };
    await write(
      'products',
      id,
      {
        title: product.title,
        description: `Pre-loved pair number ${i + 1}, kept in its box.`,
        category: CATEGORIES[i % CATEGORIES.length],
        price: product.price,
        disc_price: product.disc_price,
        size: 40 + (i % 8) / 2,
        condition: 7 + (i % 4),
        stoke: product.stoke,
        image,
        images: JSON.stringify(extra),
        product_id: id,
      },
      [],
      new Date(now.getTime() - (400 - i * 10) * 86_400_000).toISOString(),
    );
    products.push(product);
  }

  const orders: OldOrder[] = [];
  const buyers = [...OLD_CUSTOMERS, ...OLD_CUSTOMERS.slice(0, 2)];
  for (const [i, buyer] of buyers.entries()) {
    for (let j = 0; j < 2; j++) {
      const n = i * 2 + j;
      // Pairs on discount: the old client charged their full price.
      const product = products[(n * 4) % products.length]!;
      const payment = n % 2 === 0 ? 'COD' : 'Bank';
      const order: OldOrder = {
        id: (0xa10000 + n * 4099).toString(16),
        userId: buyer.id,
        status: STATUSES[n % STATUSES.length]!,
        // The old client's sum: the full price, whatever the discount, and no COD fee.
        price: product.price,
        payment,
        productId: product.id,
        createdAt: new Date(now.getTime() - (300 - n * 20) * 86_400_000).toISOString(),
      };
      const { id, images, ...fields } = product;
      const line = {
        $id: id,
        ...fields,
        images: JSON.stringify(images),
        product_id: id,
        quantity: 1,
      };
      await write(
        'orders',
        order.id,
        {
          user_id: buyer.id,
          order_number: order.id,
          User_name: buyer.name,
          address: `House ${n + 1}, Street 4 city: Lahore Near the park`,
          phone: buyer.phone,
          email: buyer.email,
          price: order.price,
          payment_type: payment,
          order_status: order.status,
          products: [JSON.stringify([line])],
        },
        [`read("user:${buyer.id}")`],
        order.createdAt,
      );
      orders.push(order);
    }
  }
  for (const [i, email] of OLD_SUBSCRIBERS.entries()) {
    await write('subscribers', `sub${i}`, { email }, [], now.toISOString());
  }
  return { people, products, orders, files };
}
