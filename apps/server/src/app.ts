import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { connectDatabase, type Database } from './db/database.js';
import { mountApi } from './http/api.js';
import { keptReadsFor, type KeptReads } from './http/kept-reads.js';
import { registerHealth } from './http/health.js';
import { rateLimitStore, type RateLimitStore } from './tools/rate-limits.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createHttpServer } from './http/server.js';
import { accountModule, type AccountService } from './modules/account/index.js';
import { mailModule, type MailService } from './modules/mail/index.js';
import { databasesModule, type DatabasesService } from './modules/databases/index.js';
import { keysModule } from './modules/keys/index.js';
import type { ModuleInstance } from './modules/module.js';
import {
  realtimeModule,
  registerWebSocketTransport,
  type Realtime,
} from './modules/realtime/index.js';
import { storageModule, type BlobStore, type StorageService } from './modules/storage/index.js';
import { holdShopData } from './backup/hold.js';
import { MIGRATIONS } from './migrations.js';
import { loadSchemaFile } from './schema/load.js';
import type { Schema } from './schema/types.js';
import { registerShop, type Shop } from './shop/index.js';
import { shopSchema } from './shop/schema.js';
import { describeSeed } from './shop/seed/seed.js';
import { systemClock, type Clock } from './tools/clock.js';
import { createEventBus, type EventBus, type ServerEvent } from './tools/events.js';
import { createMailTransport } from './tools/mailer.js';
import { createSmsSender, type SmsSender } from './tools/sms.js';
import { withTextMessages } from './tools/text-transport.js';
import { mountWebApp, savedFacts } from './web/mount.js';
import { backupRoutes } from './backup/routes.js';
import { builtShell } from './web/static.js';

export interface AppOverrides {
  clock?: Clock;
  /** Where file bytes live; by default the S3 bucket when configured, else DATA_DIR. */
  blobs?: BlobStore;
}

export interface App {
  server: FastifyInstance;
  db: Database;
  schema: Schema;
  events: EventBus;
  /** The one mailer (account e-mails, order e-mails): a durable queue, delivered by SMTP or to DATA_DIR/outbox. */
  mailer: MailService;
  /** Text messages: SMS_URL webhook, or DATA_DIR/sms-outbox. */
  sms: SmsSender;
  databases: DatabasesService;
  /** Users, as other parts of the server may ask for them (the import CLI copies them in). */
  account: AccountService;
  config: Readonly<Config>;
  /** The /v1/realtime websocket (its live figures, for tests and health). */
  realtime: Realtime;
  storage: StorageService;
  /** The shop's rules, figures and demo; null when SCHEMA_FILE replaces the shop's schema. */
  shop: Shop | null;
  /** Guests' repeated reads answered before the API's pipeline (http/kept-reads.ts). */
  keptReads: KeptReads;
}

/** What every part of the app may be given: the database, the clock, the messengers, limits. */
interface Core {
  config: Readonly<Config>;
  clock: Clock;
  schema: Schema;
  db: Database;
  redis: Redis | null;
  limits: RateLimitStore;
  events: EventBus;
  mailer: MailService;
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** Guests' repeated reads of answers kept for everyone, answered before the framework. */
  keptReads: KeptReads;
}

/**
 * The event bus, and where e-mails and text messages go (a service, or files under DATA_DIR).
 * E-mails wait in the mail module's queue until delivered, so it is built here, before the
 * modules that send them, and closed last (after the shop's e-mails are queued).
 */
async function messengers(
  config: Readonly<Config>,
  db: Database,
  clock: Clock,
  log: FastifyBaseLogger,
) {
  const note = (info: Record<string, unknown>, message: string) => log.info(info, message);
  const sms = createSmsSender({
    webhookUrl: config.smsUrl,
    from: config.smsFrom,
    outboxDir: join(config.dataDir, 'sms-outbox'),
    log: note,
  });
  // An order's text messages wait in the mail queue beside its e-mails (text-transport.ts).
  const transport = withTextMessages(
    createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log: note,
    }),
    sms,
  );
  const mail = await mailModule.create({
    db,
    clock,
    transport,
    policy: config.mailRetry,
    limits: config.recipientLimits,
    pollSeconds: Math.min(config.mailRetry.baseSeconds, 10),
    log: (info, message) => ('err' in info ? log.error(info, message) : log.warn(info, message)),
  });
  return {
    mail,
    events: createEventBus((e) => log.error({ err: e }, 'event listener failed')),
    sms,
  };
}

/** `buckets.<bucket>.files.<file>.update|delete`, raised by another process: forget that file. */
function forgetChangedFile(storage: StorageService, event: ServerEvent): void {
  for (const name of event.events) {
    const m = /^buckets\.([^.*]+)\.files\.([^.*]+)\.(update|delete)$/.exec(name);
    if (m) storage.forgetFile?.(m[1]!, m[2]!, m[3] === 'delete');
  }
}

/** The backend modules (modules/module.ts), each given what it needs as plain parameters. */
async function createModules(
  core: Core,
  overrides: AppOverrides,
  modules: ModuleInstance<unknown>[],
) {
  const { config, db, schema, clock, events, log, limits, keptReads } = core;
  // The name the owner last saved, read when a message is written (databases is made below).
  const shopName = async () => (await savedFacts(databases.service, config.ids)).name;
  const account = await accountModule.create({ ...core, shopName });
  const keys = await keysModule.create({ db, clock });
  const databases = await databasesModule.create({
    db,
    schema,
    clock,
    events,
    keptReads,
    log: (message, err) => log.error({ err }, message),
  });
  const storage = await storageModule.create({
    db,
    clock,
    events,
    schema,
    blobs: overrides.blobs,
    s3: config.s3,
    dataDir: config.dataDir,
    previewCacheBytes: config.previewCacheBytes,
    rateLimits: config.rateLimits ? limits : null,
  });
  const directory = account.service.directory;
  // A file another process changed or deleted is forgotten here at once (its record, previews).
  const onRemote = (event: ServerEvent) => forgetChangedFile(storage.service, event);
  const realtime = await realtimeModule.create({ ...core, directory, onRemote });
  // The owner's backups from the dashboard (backup/routes.ts): routes, no service of their own.
  const backups = { service: null, routes: backupRoutes(config), close: async () => undefined };
  modules.push(account, keys, databases, storage, realtime, backups);
  return { account, keys, databases, storage, realtime };
}

/**
 * The database, opened once no restore is under way. No server opens the data while a restore
 * replaces it, and none is restored under a running one: this waits for a restore under way,
 * then holds the data until `releaseData` (backup/hold.ts).
 */
async function openData(config: Readonly<Config>, log: FastifyBaseLogger) {
  const releaseData = await holdShopData(config, log);
  const db = await connectDatabase(config.database, MIGRATIONS).catch(async (e: unknown) => {
    await releaseData();
    throw e;
  });
  return { db, releaseData };
}

/**
 * The one composition root: opens the database, builds the modules and the shop on top of them,
 * and mounts it all. Nothing here listens; main.ts does.
 */
export async function buildApp(
  config: Readonly<Config>,
  overrides: AppOverrides = {},
): Promise<App> {
  const clock = overrides.clock ?? systemClock;
  // The schema is read (and checked) before anything opens, so a bad file stops start-up early.
  const schema = config.schemaFile ? loadSchemaFile(config.schemaFile) : shopSchema(config.ids);
  const server = createHttpServer(config);
  const { db, releaseData } = await openData(config, server.log);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const { mail, events, sms } = await messengers(config, db, clock, server.log);
  const core: Core = {
    config,
    clock,
    schema,
    db,
    redis,
    limits: rateLimitStore(redis),
    log: server.log,
    events,
    mailer: mail.service,
    sms,
    keptReads: keptReadsFor(server, config),
  };
  const modules: ModuleInstance<unknown>[] = [];
  let shop: Shop | null = null;
  server.addHook('preClose', async () => {
    for (const module of modules) await module.close();
  });
  server.addHook('onClose', async () => {
    // E-mails and counters queued after a commit finish before the database closes.
    shop?.stop();
    await shop?.idle();
    await mail.close();
    await db.close();
    await redis?.quit().catch(() => undefined);
    await releaseData();
  });

  try {
    const built = await createModules(core, overrides, modules);
    const { account, keys, databases, storage, realtime } = built;
    if (!config.schemaFile) {
      shop = registerShop({
        ...core,
        databases: databases.service,
        storage: storage.service,
        account: account.service,
      });
      modules.push({ service: shop, routes: shop.routes, close: async () => undefined });
    }

    const shell = builtShell(config.webDir);
    registerSecurityHeaders(server, { ...config, shell });
    await registerWebSocketTransport(server);
    const { authenticate } = account.service;
    const authenticateKey = keys.service.authenticate;
    await mountApi(server, { ...core, modules, authenticate, authenticateKey });
    registerHealth(server, core);
    await mountWebApp(server, config, databases.service);

    if (config.admin) await account.service.ensureConfiguredAdmin(config.admin, core.log);
    // First start on an empty database: the demo shop, and its logins on the console.
    const seeded = await shop?.start();
    if (seeded) console.log(describeSeed(seeded, config.publicUrl.href));
    const { events, mailer, sms, keptReads } = core;
    const services = {
      keptReads,
      account: account.service,
      databases: databases.service,
      storage: storage.service,
      realtime: realtime.service,
    };
    return { server, db, schema, events, mailer, sms, config, shop, ...services };
  } catch (e) {
    await server.close();
    throw e;
  }
}
