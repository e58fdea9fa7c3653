import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/database.js';
import { MIGRATIONS } from '../../src/migrations.js';
import { accountService } from '../../src/modules/account/index.js';
import { registerShop } from '../../src/shop/index.js';
import { manualClock } from '../../src/tools/clock.js';
import { createEventBus } from '../../src/tools/events.js';
import type { MailService } from '../../src/modules/mail/index.js';
import type { MailMessage } from '../../src/tools/mailer.js';
import { AppError } from '../../src/protocol/errors.js';
import { callerOf, fakeModules } from './fake-databases.js';
import { orderFields, productFields } from './fixtures.js';
import { testPasswords } from './passwords.js';

/** The shop's rules on the in-memory modules, with a real (in-memory SQLite) account store. */
export async function fakeShop(env: Record<string, string> = {}) {
  const clock = manualClock(new Date('2026-03-10T09:00:00.000Z'));
  const modules = fakeModules(clock.now);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-unit-')),
    LOG_LEVEL: 'silent',
    OWNER_EMAIL: 'owner@courtside.test',
    // Every fixture order carries the same phone number (fixtures.ts).
    PENDING_PAIRS_PER_PHONE: '1000',
    ...env,
  });
  const db = await connectDatabase({ kind: 'sqlite', file: ':memory:' }, MIGRATIONS);
  const events = createEventBus();
  const sent: MailMessage[] = [];
  const mailer: MailService = {
    send: async (m) => {
      sent.push(m);
      return { delivered: 'outbox', id: String(sent.length) };
    },
    problems: async () => [],
    retry: async () => false,
    dismiss: async () => false,
    onChange: () => () => undefined,
    onHeld: () => () => undefined,
    admit: async () => true,
    flush: async () => undefined,
    // Kept with the order's transaction: counted as sent once it has committed.
    keepWith: async (_k, messages) => async () => void sent.push(...messages),
    idle: async () => undefined,
  };
  const errors: unknown[] = [];
  const warnings: string[] = [];
  const log = {
    info: () => undefined,
    warn: (_o: object, message?: string) => void warnings.push(message ?? ''),
    error: (o: object) => void errors.push(o),
  };
  const account = accountService({
    db,
    clock,
    events,
    settings: {
      projectId: 'courtside',
      sessionDurationSeconds: 3600,
      maxSessions: 10,
      adminLabel: 'admin',
      secret: 'x'.repeat(32),
    },
    passwords: testPasswords,
  });
  const shop = registerShop({
    databases: modules.databases,
    storage: modules.storage,
    events,
    mailer,
    clock,
    config,
    db,
    log,
    account,
  });
  const ids = config.ids;
  const admin = modules.client(callerOf('owner', ['admin']), ids.database);
  const alice = modules.client(callerOf('alice'), ids.database);
  const bob = modules.client(callerOf('bob'), ids.database);
  const guest = modules.client(callerOf(null), ids.database);
  return {
    ...modules,
    shop,
    config,
    ids,
    db,
    events,
    clock,
    sent,
    errors,
    warnings,
    admin,
    alice,
    bob,
    guest,
    account,
  };
}

export type FakeShop = Awaited<ReturnType<typeof fakeShop>>;

/** A fake shop selling one product, `stock` pairs of it, its hooks settled: the order tests' start. */
export async function fakeShopSelling(stock = 2): Promise<{ t: FakeShop; productId: string }> {
  const t = await fakeShop();
  const p = await t.admin.create(t.ids.products, 'unique()', productData({ stock }));
  await t.shop.idle();
  return { t, productId: p.$id };
}

/** A product as the fake shop's tests use it: one in stock, with a main and two extra images. */
export const productData = (over: Record<string, unknown> = {}) =>
  productFields({ stock: 1, image: 'img-main', images: '["img-2","img-3"]', ...over });

export const orderData = orderFields;

/** The AppError a hook refused with (fails the test when it did not refuse). */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** A cart line of the product `id` at its demo price (Rs.20,000, discounted to Rs.15,000). */
export const line = (id: string, quantity = 1) => ({
  $id: id,
  title: 'Nike Kyrie 7',
  price: 20_000,
  disc_price: 15_000,
  quantity,
});
