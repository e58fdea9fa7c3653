import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { AccountService } from '../modules/account/index.js';
import type { DatabasesService, HookContext } from '../modules/databases/contract.js';
import type { StorageService } from '../modules/storage/contract.js';
import type { Clock } from '../tools/clock.js';
import type { EventBus } from '../tools/events.js';
import type { MailService } from '../modules/mail/index.js';
import { mailLine } from './mail-line.js';
import { orderNews } from './order-news.js';
import type { ShopContext, ShopLog } from './context.js';
import { newsOfPayment, newsOfStatus } from './status-mail.js';
import { codeHooks } from './code-rules.js';
import { deliveryHooks, mirrorDeliveries } from './deliveries.js';
import { catchUpKeptFields } from './kept-backfill.js';
import { setProductReaders } from './published-backfill.js';
import { expirePendingOrders } from './order-expiry.js';
import { refreshSaleWindows, SALE_WINDOWS_EVERY_MS } from './sale-windows.js';
import { CONFIRM_REMINDERS_EVERY_MS, remindUnconfirmed } from './confirm-reminders.js';
import { importedOrdersUntil, importSteps } from './imported-orders.js';
import { infoPageHooks } from './info-page-rules.js';
import { orderHooks, type OrderEvents } from './order-rules.js';
import { shopRoutes } from './routes.js';
import { customerNoteHooks, orderNoteHooks } from './owner-note-rules.js';
import { ordersFollowNumber } from './orders-follow-number.js';
import { productHooks } from './product-rules.js';
import { settingsHooks } from './settings-rules.js';
import { demoSeeded, markDemoSeeded } from './seed/once.js';
import { readDemoLogins } from './seed/demo-logins.js';
import { DEMO_ADMIN, seedDemoShop, shopIsEmpty, type SeedResult } from './seed/seed.js';
import { statsCounters, type ProductChange } from './stats.js';
import { statsKeeper } from './stats-rebuild.js';
import { statsHooks } from './stats-rules.js';
import { subscriberHooks } from './subscriber-rules.js';
import { together } from '../db/together.js';

export interface ShopDeps {
  databases: DatabasesService;
  storage: StorageService;
  events: EventBus;
  mailer: MailService;
  clock: Clock;
  config: Readonly<Config>;
  db: Database;
  log: ShopLog;
  /** Customers' accounts: the demo customer, sign-up figures, the owner's e-mail. */
  account: AccountService;
}

/** What every older demo shop's owner signed in with, before its passwords were made at random. */
const OLD_DEMO_PASSWORD = 'owner-password-1';

/**
 * The demo owner at start: no longer an admin once a real owner is configured (ADMIN_EMAIL);
 * otherwise a warning at every start while it is an admin whose password anyone could know (the
 * one in DATA_DIR/demo-logins.txt, or the constant of older versions).
 */
async function checkDemoOwner(shop: ShopContext, config: Readonly<Config>): Promise<void> {
  const { email } = DEMO_ADMIN;
  const label = config.ids.adminLabel;
  if (config.admin && config.admin.email.toLowerCase() !== email) {
    const ctx = { ip: '127.0.0.1', userAgent: 'courtside-start' };
    if (await shop.account.removeLabel(email, label, ctx)) {
      shop.log.warn({ email }, 'the demo owner is no longer an admin: ADMIN_EMAIL names the owner');
    }
    return;
  }
  if (config.admin) return;
  const known = [readDemoLogins(config.dataDir).owner?.password, OLD_DEMO_PASSWORD];
  for (const password of known) {
    if (password && (await shop.account.labelledWithPassword(email, label, password))) {
      shop.log.warn(
        { email },
        'the demo owner is an admin with a password others may know (DATA_DIR/demo-logins.txt): ' +
          'change it on the account page, or set ADMIN_EMAIL and ADMIN_PASSWORD for the real owner',
      );
      return;
    }
  }
}

/** How often the current month's figures are checked against the data. */
const RECONCILE_EVERY_MS = 10 * 60_000;

/** What the shop's rules work with, from the backend's services and the configuration. */
function shopContext(deps: ShopDeps): ShopContext {
  const { config } = deps;
  return {
    databases: deps.databases,
    storage: deps.storage,
    account: deps.account,
    mailer: deps.mailer,
    clock: deps.clock,
    ids: config.ids,
    ownerEmail: config.ownerEmail ?? config.admin?.email ?? null,
    shopUrl: config.webUrl.href,
    pendingPairsPerCustomer: config.pendingPairsPerCustomer,
    pendingPairsPerPhone: config.pendingPairsPerPhone,
    pendingPairsPerAddress: config.pendingPairsPerAddress,
    pendingOrderHours: config.pendingOrderHours,
    log: deps.log,
  };
}

/** The rules of the shop's collections, each a set of hooks on its documents. */
function registerRules(
  deps: ShopDeps,
  shop: ShopContext,
  counters: ReturnType<typeof statsCounters>,
  mail: ReturnType<typeof mailLine>,
) {
  const { ids } = deps.config;
  const news = orderNews(shop, mail);
  const orders: OrderEvents = {
    reserved: (ctx, changes) => counters.productsChanged(ctx.documents, changes),
    async placed(ctx, order) {
      // Side by side: the figures' adds are the transaction's closing statements anyway (every
      // order adds to the same rows, on PostgreSQL locked only while it commits).
      await together([news.placed(ctx, order), counters.orderPlaced(ctx.documents, order)]);
    },
    removed: (ctx, order) => counters.orderRemoved(ctx.documents, order),
    async statusChanged(ctx, order) {
      const told = newsOfStatus(order.order_status);
      if (told) ctx.afterCommit(() => news.told(order, told));
    },
    async shipped(ctx, order) {
      ctx.afterCommit(() => news.told(order, 'shipped'));
    },
    async paymentChanged(ctx, order) {
      const told = newsOfPayment(order.payment_state);
      if (told) ctx.afterCommit(() => news.told(order, told));
    },
  };
  const productsChanged = (ctx: HookContext, change: ProductChange) =>
    counters.productsChanged(ctx.documents, [change]);

  deps.databases.registerHooks(ids.database, ids.orders, orderHooks(shop, orders));
  deps.databases.registerHooks(ids.database, ids.products, productHooks(shop, productsChanged));
  deps.databases.registerHooks(
    ids.database,
    ids.subscribers,
    subscriberHooks(shop, (message) => mail.later(() => [message])),
  );
  deps.databases.registerHooks(ids.database, ids.stats, statsHooks());
  deps.databases.registerHooks(ids.database, ids.deliveries, deliveryHooks(deps.mailer));
  deps.databases.registerHooks(ids.database, ids.pages, infoPageHooks(shop));
  deps.databases.registerHooks(ids.database, ids.settings, settingsHooks(shop));
  deps.databases.registerHooks(ids.database, ids.orderNotes, orderNoteHooks(shop));
  deps.databases.registerHooks(ids.database, ids.customerNotes, customerNoteHooks(shop));
  deps.databases.registerHooks(ids.database, ids.codes, codeHooks(shop));
  return { orders, news };
}

/** Pending orders past their hold window expire, their pairs back on sale. */
function pendingExpiry(deps: ShopDeps, shop: ShopContext, orders: OrderEvents) {
  const expireNow = async () =>
    expirePendingOrders(shop, orders, await importedOrdersUntil(deps.db));
  const expire = () =>
    expireNow().then(
      (n) => {
        if (n > 0)
          shop.log.info({ expired: n }, 'pending orders expired, their pairs back in stock');
        return n;
      },
      (err: unknown) => {
        shop.log.error({ err }, 'expiring pending orders failed');
        return 0;
      },
    );
  return { expire, expireNow };
}

/**
 * Work the shop does every `everyMs` once started (sale windows, reminders), its failures
 * logged: `now` runs it once, for tests and the start.
 */
function periodic(shop: ShopContext, what: string, everyMs: number, now: () => Promise<number>) {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    now().catch((err: unknown) => {
      shop.log.error({ err }, `${what} failed`);
      return 0;
    });
  return {
    now,
    async start() {
      await run();
      timer ??= setInterval(() => void run(), everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/**
 * The shop on top of the generic backend: the rules of its collections (orders, products,
 * subscribers, statistics, pages, settings), the order e-mails, the dashboard's counters and the demo seed.
 */
export function registerShop(deps: ShopDeps) {
  const { config } = deps;
  const shop = shopContext(deps);
  const counters = statsCounters(config.ids);
  const stats = statsKeeper(shop, counters);
  const mail = mailLine(shop);

  const { orders, news } = registerRules(deps, shop, counters, mail);
  const deliveries = mirrorDeliveries({ ...deps, mail: deps.mailer, ids: config.ids });

  // Messages the limits per recipient held back (docs/limits.md) are counted on their day.
  const stopHeld = deps.mailer.onHeld((held) => void stats.held(held.at));
  // Sign-ups (D7): the account module announces every new user on the event bus.
  deps.events.subscribe((event) => {
    if (!event.channels.includes('account') || !event.events.includes('users.*.create')) return;
    const user = event.payload as { registration?: string };
    if (user.registration) void stats.signup(user.registration);
  });

  // Orders follow the number: a guest's orders join the account that proves their number.
  const stopFollowing = deps.account.onPhoneVerified(async (verified) => {
    await ordersFollowNumber(shop, verified);
  });

  let expiryTimer: NodeJS.Timeout | null = null;
  const { expire, expireNow } = pendingExpiry(deps, shop, orders);
  // The one reminder to confirm (confirm-reminders.ts) and the sales' windows, every minute.
  const reminders = periodic(shop, 'reminding buyers to confirm', CONFIRM_REMINDERS_EVERY_MS, () =>
    remindUnconfirmed(shop, news.remind),
  );
  const sales = periodic(shop, 'bringing sale prices up to date', SALE_WINDOWS_EVERY_MS, () =>
    refreshSaleWindows(shop),
  );

  const seed = async () => {
    const result = await seedDemoShop({ ...deps, shop });
    await markDemoSeeded(deps.db);
    await catchUpKeptFields(shop, deps.db, true);
    return result;
  };
  return {
    stats,
    /** The shop's own routes on the /v1 API (routes.ts): the code box's check, the hold limit, /track. */
    routes: shopRoutes(shop, orders, config.trackLookupsPerHour),
    /**
     * Start-up: the demo shop on the very first start (SEED_DEMO on, database empty, never
     * seeded before), then every figure counted again from the data.
     */
    async start(): Promise<SeedResult | null> {
      await checkDemoOwner(shop, config);
      await deliveries.resync();
      let result: SeedResult | null = null;
      // Once the shop has had data (or the demo), an emptied shop stays empty (the owner's).
      if (!(await demoSeeded(deps.db))) {
        if (!(await shopIsEmpty(shop))) await markDemoSeeded(deps.db);
        else if (config.seedDemo) result = await seed();
      }
      const readers = await setProductReaders(shop, deps.db);
      if (readers > 0) shop.log.info({ products: readers }, 'product readers set');
      await catchUpKeptFields(shop, deps.db);
      await expire();
      if (!result) await stats.reconcile(null);
      stats.schedule(RECONCILE_EVERY_MS);
      expiryTimer ??= setInterval(() => void expire(), RECONCILE_EVERY_MS);
      expiryTimer.unref();
      await sales.start();
      await reminders.start();
      return result;
    },
    /** `npm run seed`: the demo shop, whatever is there already. */
    seed,
    rebuildStats: () => stats.reconcile(null),
    /** Pending orders past their window are cancelled (order-expiry.ts); how many were. */
    expirePendingOrders: expireNow,
    /** Unconfirmed cash-on-delivery orders get their one reminder; how many did. */
    remindUnconfirmed: reminders.now,
    /** Sales that opened or closed since the last look reach the kept prices; how many changed. */
    refreshSaleWindows: sales.now,
    ...importSteps(deps.db, shop, stats),
    /** Waits for e-mails and statistics work queued after commits (tests, shutdown). */
    async idle() {
      await mail.idle();
      await deps.mailer.idle();
      await deliveries.idle();
      await stats.idle();
    },
    /** Stops the periodic work (the figures' check, the pending orders' expiry). */
    stop: () => {
      stats.stop();
      stopHeld();
      stopFollowing();
      deliveries.stop();
      if (expiryTimer) clearInterval(expiryTimer);
      expiryTimer = null;
      sales.stop();
      reminders.stop();
    },
  };
}

export type Shop = ReturnType<typeof registerShop>;
