import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import { startNginx, type Nginx } from './nginx.js';
import { freePort, startShopServer, type ShopServer } from './server.js';

/** The local PostgreSQL (trust authentication on these machines), as the integration suite has it. */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * The Redis database the clusters use, one of their own: the server keeps its rate-limit counters
 * under fixed names, so a database apart keeps them from other runs' servers on the same Redis.
 */
export const CLUSTER_REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
/** s3rver's own keys: it refuses any other. */
const S3_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
const BUCKET = 'courtside-cluster';

/** One line of a server's request log. */
export interface LoggedRequest {
  method: string;
  url: string;
  remoteAddress: string;
  /** When it arrived (milliseconds since the epoch). */
  time: number;
}

export interface ClusterServer extends ShopServer {
  name: string;
  /** The requests this process received, from its own log (LOG_LEVEL=info), oldest first. */
  requests(): LoggedRequest[];
}

export interface Cluster {
  /** nginx, in front of every server: where customers go. */
  url: string;
  servers: ClusterServer[];
  nginx: Nginx;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Shop servers behind nginx (1 or 2; default 2). */
  servers?: number;
  /** More environment for every server. */
  env?: Record<string, string>;
  nginx?: Parameters<typeof startNginx>[1];
}

function requestsIn(output: string): LoggedRequest[] {
  const out: LoggedRequest[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"incoming request"')) continue;
    try {
      const { req, time } = JSON.parse(line) as { req: LoggedRequest; time: number };
      out.push({ method: req.method, url: req.url, remoteAddress: req.remoteAddress, time });
    } catch {
      /* a line cut short */
    }
  }
  return out;
}

/** Counters per client address left in the cluster's Redis database by earlier runs (per hour). */
async function clearAddressCounters(redis: Redis): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', 'rl:*', 'COUNT', 500);
    cursor = next;
    // Failed log-ins are counted per e-mail: those of a run going on beside this one stay.
    const stale = keys.filter((k) => !k.includes('login-fail|'));
    if (stale.length) await redis.del(...stale);
  } while (cursor !== '0');
}

/**
 * Shop servers as on separate machines, behind nginx with the shipped configuration: each its own
 * DATA_DIR, all sharing one new PostgreSQL database, Redis (database CLUSTER_REDIS_URL, a realtime
 * channel of the run's own) and an S3 bucket in s3rver (in this process). The first server
 * creates the schema and the owner's account (ADMIN from server.ts), and no demo shop unless `env`
 * says SEED_DEMO=on. Servers log every request (LOG_LEVEL=info, unless `env` says otherwise), so a
 * test can tell which server answered what.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.servers ?? 2;
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  };
  try {
    const name = `courtside_cluster_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    });
    const databaseUrl = new URL(PG_ADMIN_URL);
    databaseUrl.pathname = `/${name}`;

    const redis = new Redis(CLUSTER_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      await clearAddressCounters(redis);
    } finally {
      redis.disconnect();
    }

    const s3Dir = mkdtempSync(join(tmpdir(), 'courtside-cluster-s3-'));
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = (await s3.run()) as { port: number };
    cleanups.push(async () => {
      await s3.close();
      rmSync(s3Dir, { recursive: true, force: true });
    });

    // nginx's address is every server's PUBLIC_URL, so it is chosen before they start.
    const port = await freePort();
    const env = {
      DATABASE_URL: databaseUrl.href,
      REDIS_URL: CLUSTER_REDIS_URL,
      REALTIME_REDIS_CHANNEL: `courtside-cluster:${name}`,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_FORCE_PATH_STYLE: 'on',
      ...S3_KEYS,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMITS: 'on',
      SEED_DEMO: 'off',
      BACKUP_TIME: 'off',
      LOG_LEVEL: 'info',
      ...options.env,
    };
    const servers: ClusterServer[] = [];
    // One after the other: the first makes the schema and the owner, the others find them.
    for (let i = 0; i < count; i++) {
      const server = await startShopServer(env);
      cleanups.push(() => server.stop());
      const name = String.fromCharCode(65 + i); // A, B
      servers.push({ ...server, name, requests: () => requestsIn(server.output()) });
    }
    const nginx = await startNginx(
      servers.map((s) => Number(new URL(s.url).port)),
      { ...options.nginx, port },
    );
    cleanups.push(() => nginx.stop());
    return { url: nginx.url, servers, nginx, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
