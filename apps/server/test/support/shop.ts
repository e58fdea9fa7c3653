import { ID, type Models } from 'appwrite';
import { DEFAULT_IDS, SHOP_SETTINGS_ID } from '@courtside/shop';
import { orderFields, productFields } from './fixtures.js';
import { lastMailTo } from './outbox.js';
import { sdkUser, signedInUser, type SdkUser } from './sdk.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

/** A shop on a real server: the owner signed in, two customers, and a visitor. */

export const OWNER = { email: 'owner@courtside.test', password: 'owner-password-1' };
export const ids = DEFAULT_IDS;

export interface ShopWorld {
  server: TestServer;
  admin: SdkUser;
  alice: SdkUser & { me: Models.User<Models.Preferences> };
  bob: SdkUser & { me: Models.User<Models.Preferences> };
  visitor: SdkUser;
  placeOrder: typeof placeOrder;
}

/** `options` add to the server's: a clock, more environment. */
export async function shopWorld(options: TestServerOptions = {}): Promise<ShopWorld> {
  const server = await startTestServer({
    ...options,
    env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ...options.env },
  });
  const admin = sdkUser(server);
  await admin.account.createEmailSession(OWNER.email, OWNER.password);
  const alice = await signedInUser(server, 'Alice');
  const bob = await signedInUser(server, 'Bob');
  return { server, admin, alice, bob, visitor: sdkUser(server), placeOrder };
}

export async function createProduct(w: ShopWorld, over: Record<string, unknown> = {}) {
  return w.admin.databases.createDocument(
    ids.database,
    ids.products,
    ID.unique(),
    productFields(over),
  );
}

/**
 * `who` places an order of `lines` for `price` (the total its browser sends); `over` adds fields.
 * A shop world offers it as `w.placeOrder`.
 */
export const placeOrder = (
  who: SdkUser & { me: Models.User<Models.Preferences> },
  lines: readonly unknown[],
  price: number,
  over: Record<string, unknown> = {},
) =>
  who.databases.createDocument(
    ids.database,
    ids.orders,
    ID.unique(),
    orderFields(who.me.$id, lines, price, over),
  );

export async function allOrders(w: ShopWorld) {
  return w.admin.databases.listDocuments(ids.database, ids.orders);
}

/** A 1x1 PNG as the SDK uploads a picked file. */
export const png = (name = 'dot.png') =>
  new File(
    [
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    ],
    name,
    { type: 'image/png' },
  );

export type Who = 'visitor' | 'alice' | 'bob' | 'admin';
export const WHO: Who[] = ['visitor', 'alice', 'bob', 'admin'];
export const CUSTOMERS: Who[] = ['visitor', 'alice', 'bob'];
export const denied = { code: 401, type: 'user_unauthorized' };

/** The shared fixtures, under the names the integration suites use. */
export { cartLine, orderFields as order, productFields as product } from './fixtures.js';

/** The owner saves the shop's settings: the first save creates the document. */
export const saveSettings = (w: ShopWorld, data: Record<string, unknown>) =>
  w.admin.databases
    .updateDocument(ids.database, ids.settings, SHOP_SETTINGS_ID, data)
    .catch((e: { code?: number }) => {
      if (e.code !== 404) throw e;
      return w.admin.databases.createDocument(ids.database, ids.settings, SHOP_SETTINGS_ID, data);
    });

/** Subscribes `email` and reads the welcome code from the e-mail it gets. */
export async function subscribeAndReadCode(w: ShopWorld, email: string): Promise<string> {
  await w.visitor.databases.createDocument(ids.database, ids.subscribers, ID.unique(), { email });
  await w.server.app.shop?.idle();
  const mail = await lastMailTo(w.server.dataDir, email);
  const code = /CS10-[A-Z0-9]{8}/.exec(mail.text)?.[0];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}
