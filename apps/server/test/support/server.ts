import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type AppOverrides } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createPostgresDatabase, type TestDatabase } from './databases.js';
import { createTestBucket, onS3, s3Env, type TestBucket } from './s3.js';
import { spawnServer, type ServerProcess } from './server-process.js';

export const PROJECT = 'courtside';

export interface TestServer {
  app: App;
  /** The API endpoint for the SDK, e.g. http://127.0.0.1:41234/v1 */
  endpoint: string;
  origin: string;
  dataDir: string;
  /** Which database this run uses: TEST_DB picks it (sqlite by default). */
  dialect: 'sqlite' | 'postgres';
  /** The S3 bucket holding the files (TEST_BLOBS=s3), or null: they are under dataDir. */
  bucket: TestBucket | null;
  /** Stops this process's server and starts a new one on the same data (`env` added to its own). */
  restart(overrides?: AppOverrides & { env?: Record<string, string> }): Promise<TestServer>;
  /**
   * A second server process (`node apps/server/dist/main.js`, built when stale) on the same
   * data and database and with this server's environment plus `env`, as another instance behind
   * a load balancer would be; closing it leaves the data to this server. With `ownDisk` it has
   * a DATA_DIR of its own, as on another machine: it shares only the database (and the bucket).
   */
  twin(options?: {
    env?: Record<string, string>;
    ownDisk?: boolean;
  }): Promise<ServerProcess & { dataDir: string }>;
  /** Stops the server and throws its data away. */
  close(): Promise<void>;
}

export interface TestServerOptions extends AppOverrides {
  env?: Record<string, string>;
}

interface Storage {
  dataDir: string;
  pg: TestDatabase | null;
  bucket: TestBucket | null;
}

/** The environment of a test server on this storage. */
const environment = (storage: Storage, env: Record<string, string> = {}) => ({
  DATA_DIR: storage.dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'off',
  // The limits per recipient are tested on their own (mail-recipient-limits.test.ts); other
  // tests mail one address many times.
  RECIPIENT_MESSAGES_PER_HOUR: '1000',
  RECIPIENT_MESSAGES_PER_DAY: '1000',
  SEED_DEMO: 'off',
  WEB_DIR: join(storage.dataDir, 'no-web'),
  // Every fixture order carries the same phone number (fixtures.ts): the suites place many, so
  // one number may hold as many pairs as one customer; shop-hoarding tests the phone's limit.
  PENDING_PAIRS_PER_PHONE: '1000',
  ...(storage.pg ? { DATABASE_URL: storage.pg.url } : {}),
  ...(storage.bucket ? s3Env(storage.bucket.settings) : {}),
  ...env,
});

async function boot(storage: Storage, options: TestServerOptions): Promise<TestServer> {
  const config = loadConfig(environment(storage, options.env));
  const app = await buildApp(config, options);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    app,
    endpoint: `${origin}/v1`,
    origin,
    dataDir: storage.dataDir,
    dialect: storage.pg ? 'postgres' : 'sqlite',
    bucket: storage.bucket,
    async restart(overrides = {}) {
      await app.server.close();
      const env = { ...options.env, ...overrides.env };
      return boot(storage, { ...options, ...overrides, env });
    },
    async twin(twinOptions = {}) {
      const env = environment(storage, { ...options.env, ...twinOptions.env });
      if (!twinOptions.ownDisk) {
        return { ...(await spawnServer({ ...env, LOG_LEVEL: 'warn' })), dataDir: storage.dataDir };
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'courtside-twin-'));
      const twin = await spawnServer({
        ...env,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: storage.pg?.url ?? `sqlite:${join(storage.dataDir, 'courtside.db')}`,
      });
      return {
        ...twin,
        dataDir,
        async close() {
          await twin.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
    async close() {
      await app.server.close();
      await storage.pg?.drop();
      await storage.bucket?.drop();
      rmSync(storage.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A real server on a free port with its own data directory and, on PostgreSQL runs, its own
 * database. Rate limits are off unless a test turns them on with env RATE_LIMITS=on.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const storage: Storage = {
    dataDir: mkdtempSync(join(tmpdir(), 'courtside-test-')),
    pg: process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : null,
    bucket: onS3() ? await createTestBucket() : null,
  };
  return boot(storage, options);
}
