import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { SHOP_FACTS } from '@courtside/shop';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { connectDatabase, type Database } from './db/database.js';
import { signingSecret } from './db/settings.js';
import { registerJsonParser } from './http/body-parsers.js';
import { loggerOptions } from './http/logging.js';
import { corsHook } from './http/cors.js';
import { errorHandler, frameworkErrors, sendError } from './http/error-handler.js';
import { AppError } from './http/errors.js';
import { registerApiPipeline } from './http/pipeline.js';
import { parseQueryString } from './http/querystring.js';
import { memoryRateLimitStore, redisRateLimitStore } from './http/rate-limit.js';
import {
  authenticate,
  ensureConfiguredAdmin,
  registerAccountRoutes,
  sessionDirectory,
  sessionTransport,
  type AccountDeps,
} from './modules/account/index.js';
import {
  registerRealtime,
  registerWebSocketTransport,
  type Realtime,
} from './modules/realtime/index.js';
import { createDatabasesModule, type DatabasesService } from './modules/databases/index.js';
import {
  createStorageModule,
  type BlobStore,
  type StorageService,
} from './modules/storage/index.js';
import { MIGRATIONS } from './migrations.js';
import { loadSchemaFile } from './schema/load.js';
import type { Schema } from './schema/types.js';
import { registerShop, type Shop } from './shop/index.js';
import { shopSchema } from './shop/schema.js';
import { describeSeed } from './shop/seed/seed.js';
import { systemClock, type Clock } from './tools/clock.js';
import { createEventBus, type EventBus } from './tools/events.js';
import { createMailer, type Mailer } from './tools/mailer.js';
import { createSmsSender, type SmsSender } from './tools/sms.js';
import { linkPreviews, type PreviewProduct } from './web/link-preview.js';
import { landingPageRenderer } from './web/ssr.js';
import { registerWebApp } from './web/static.js';

export interface AppOverrides {
  clock?: Clock;
  /** Where file bytes live; the local disk under DATA_DIR by default. */
  blobs?: BlobStore;
}

export interface App {
  server: FastifyInstance;
  db: Database;
  schema: Schema;
  events: EventBus;
  /** The one mailer (account e-mails, order e-mails): SMTP, or DATA_DIR/outbox. */
  mailer: Mailer;
  /** Text messages: SMS_URL webhook, or DATA_DIR/sms-outbox. */
  sms: SmsSender;
  databases: DatabasesService;
  config: Readonly<Config>;
  /** The /v1/realtime websocket (its live figures, for tests and health). */
  realtime: Realtime;
  storage: StorageService;
  /** The shop's rules, figures and demo; null when SCHEMA_FILE replaces the shop's schema. */
  shop: Shop | null;
}

/**
 * The one composition root: opens the database, builds each module with its dependencies as
 * plain parameters and mounts it. Nothing here listens; main.ts does.
 */
export async function buildApp(
  config: Readonly<Config>,
  overrides: AppOverrides = {},
): Promise<App> {
  const clock = overrides.clock ?? systemClock;
  // The schema is read (and checked) before anything opens, so a bad file stops start-up early.
  const schema = config.schemaFile ? loadSchemaFile(config.schemaFile) : shopSchema(config.ids);
  const db = await connectDatabase(config.database, MIGRATIONS);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;

  const server = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    requestTimeout: 120_000,
    handlerTimeout: 60_000,
    return503OnClosing: true,
    frameworkErrors: frameworkErrors(config.version, config.allowedHostnames),
    routerOptions: {
      querystringParser: parseQueryString,
      ignoreTrailingSlash: true,
      maxParamLength: 256,
    },
  });
  const events = createEventBus((e) => server.log.error({ err: e }, 'event listener failed'));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: (info, message) => server.log.info(info, message),
  });
  const sms = createSmsSender({
    webhookUrl: config.smsUrl,
    from: config.smsFrom,
    outboxDir: join(config.dataDir, 'sms-outbox'),
    log: (info, message) => server.log.info(info, message),
  });
  const storage = createStorageModule({
    db,
    clock,
    events,
    schema,
    dataDir: config.dataDir,
    blobs: overrides.blobs,
    previewCacheBytes: config.previewCacheBytes,
    rateLimits: !config.rateLimits
      ? null
      : redis
        ? redisRateLimitStore(redis)
        : memoryRateLimitStore(),
  });
  let shop: Shop | null = null;
  server.addHook('onClose', async () => {
    // E-mails and counters queued after a commit finish before the database closes.
    shop?.stop();
    await shop?.idle();
    await db.close();
    await redis?.quit().catch(() => undefined);
  });

  let realtime: Realtime | undefined;
  let databases: DatabasesService;
  try {
    const databasesModule = await createDatabasesModule({
      db,
      schema,
      clock,
      events,
      log: (message, err) => server.log.error({ err }, message),
    });
    databases = databasesModule.service;
    const secret = await signingSecret(db, config.secret);
    const accountDeps: AccountDeps = {
      db,
      clock,
      events,
      settings: {
        projectId: config.ids.project,
        sessionDurationSeconds: config.sessionDurationSeconds,
        maxSessions: config.maxSessions,
        adminLabel: config.ids.adminLabel,
        secret,
      },
    };

    if (!config.schemaFile) {
      shop = registerShop({
        databases,
        storage: storage.service,
        events,
        mailer,
        clock,
        config,
        db,
        log: server.log,
        account: accountDeps,
      });
    }

    registerJsonParser(server);
    server.setErrorHandler(errorHandler(config.version));
    await registerWebSocketTransport(server);

    await server.register(
      async (api) => {
        api.addHook('onRequest', corsHook(config.allowedHostnames));
        registerApiPipeline(api, {
          projectId: config.ids.project,
          allowedHostnames: config.allowedHostnames,
          rateLimits: config.rateLimits,
          rateLimitStore: redis ? redisRateLimitStore(redis) : memoryRateLimitStore(),
          clock,
          authenticate: (token, jwt) => authenticate(accountDeps, token, jwt),
        });
        api.setNotFoundHandler((_req, reply) =>
          sendError(reply, new AppError('general_route_not_found'), config.version),
        );

        // The modules, in one visible list.
        registerAccountRoutes(
          api,
          accountDeps,
          sessionTransport({
            projectId: config.ids.project,
            publicUrl: config.publicUrl,
            webUrl: config.webUrl,
          }),
          {
            mailer,
            sms,
            shopName: SHOP_FACTS.name,
            redirectHostnames: config.redirectHostnames,
            publicUrl: config.publicUrl,
            webUrl: config.webUrl,
            oauth: config.oauth,
          },
        );
        databasesModule.registerRoutes(api);
        await storage.register(api);
        realtime = await registerRealtime(api, {
          config,
          events,
          redis,
          clock,
          directory: sessionDirectory(accountDeps),
        });
      },
      { prefix: '/v1' },
    );

    server.get('/healthz', async () => {
      await db.kysely.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
      return { status: 'ok' };
    });
    const { ids } = config;
    await registerWebApp(server, {
      webDir: config.webDir,
      // Link previews (D19): a product's own tags on /product/{id}, the shop's default elsewhere.
      headFor: linkPreviews(
        {
          publicUrl: config.publicUrl,
          webUrl: config.webUrl,
          projectId: ids.project,
          bucketId: ids.bucket,
        },
        (id) =>
          databases.transaction(
            ids.database,
            async (docs) => (await docs.get(ids.products, id)) as PreviewProduct | null,
          ),
      ),
      // The rendered pages show products only: kept until the products collection changes.
      ...(await landingPageRenderer(
        server,
        config.webDir,
        databases.writesTo?.bind(databases, ids.database, ids.products),
      )),
    });

    if (config.admin) await ensureConfiguredAdmin(accountDeps, config.admin, server.log);
    // First start on an empty database: the demo shop, and its logins on the console.
    const seeded = await shop?.start();
    if (seeded) console.log(describeSeed(seeded, config.publicUrl.href));
  } catch (e) {
    await server.close();
    throw e;
  }

  return {
    server,
    db,
    schema,
    events,
    mailer,
    sms,
    databases,
    storage: storage.service,
    shop,
    config,
    realtime: realtime!,
  };
}
