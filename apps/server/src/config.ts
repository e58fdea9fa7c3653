import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { parseTrustProxy, type TrustProxy } from './config-proxy.js';
import { parseS3, type S3Config } from './config-s3.js';
import { BACKUP_ENV, parseBackupSchedule, type BackupSchedule } from './config-backups.js';
import { int, PASSWORD_ENV, passwordConfig } from './config-passwords.js';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_IDS, type ShopIds } from '@courtside/shop';

export interface OAuthProviderConfig {
  name: string;
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer; its discovery document names the endpoints. */
  issuer: string;
}

/**
 * Providers signed in through OpenID Connect discovery, with the issuer each uses by default
 * (null: the operator must give OAUTH_<NAME>_ISSUER). Env: OAUTH_<NAME>_CLIENT_ID / _SECRET.
 */
export const OIDC_PROVIDERS: Readonly<Record<string, string | null>> = {
  google: 'https://accounts.google.com',
  gitlab: 'https://gitlab.com',
  microsoft: 'https://login.microsoftonline.com/common/v2.0',
  okta: null,
  authentik: null,
  oidc: null,
};

function loadOAuth(source: NodeJS.ProcessEnv, problems: string[]) {
  const out: Record<string, OAuthProviderConfig> = {};
  for (const [name, defaultIssuer] of Object.entries(OIDC_PROVIDERS)) {
    const prefix = `OAUTH_${name.toUpperCase()}_`;
    const read = (key: string) => source[prefix + key]?.trim() || null;
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    const issuer = read('ISSUER') ?? defaultIssuer;
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      problems.push(`${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET: set both or neither`);
    } else if (!issuer || !URL.canParse(issuer)) {
      problems.push(`${prefix}ISSUER: must be the provider's absolute issuer URL`);
    } else {
      out[name] = { name, clientId, clientSecret, issuer: issuer.replace(/\/+$/, '') };
    }
  }
  return Object.freeze(out);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const here = fileURLToPath(new URL('.', import.meta.url));
/** apps/web/dist, seen from apps/server/src or apps/server/dist. */
const DEFAULT_WEB_DIR = resolve(here, '../../web/dist');

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : null));

const id = (fallback: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/, 'must be an id (a-z, A-Z, 0-9, . - _)')
    .default(fallback);

const url = (name: string) =>
  optionalText.refine((v) => v === null || URL.canParse(v), `${name} must be an absolute URL`);

const env = z.object({
  PORT: int(0, 65535, 3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.refine(
    (v) => v === null || /^(postgres(ql)?:\/\/|sqlite:|file:)/.test(v),
    'must start with postgres://, postgresql://, sqlite: or file:',
  ),
  REDIS_URL: url('REDIS_URL'),
  S3_ENDPOINT: optionalText,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText,
  PUBLIC_URL: url('PUBLIC_URL'),
  WEB_URL: url('WEB_URL'),
  ALLOWED_ORIGINS: optionalText,
  PROJECT_ID: id(DEFAULT_IDS.project),
  DATABASE_ID: id(DEFAULT_IDS.database),
  PRODUCTS_COLLECTION_ID: id(DEFAULT_IDS.products),
  ORDERS_COLLECTION_ID: id(DEFAULT_IDS.orders),
  SUBSCRIBERS_COLLECTION_ID: id(DEFAULT_IDS.subscribers),
  STATS_COLLECTION_ID: id(DEFAULT_IDS.stats),
  DELIVERIES_COLLECTION_ID: id(DEFAULT_IDS.deliveries),
  CODES_COLLECTION_ID: id(DEFAULT_IDS.codes),
  PAGES_COLLECTION_ID: id(DEFAULT_IDS.pages),
  SETTINGS_COLLECTION_ID: id(DEFAULT_IDS.settings),
  ORDER_NOTES_COLLECTION_ID: id(DEFAULT_IDS.orderNotes),
  CUSTOMER_NOTES_COLLECTION_ID: id(DEFAULT_IDS.customerNotes),
  ORDER_CLIENTS_COLLECTION_ID: id(DEFAULT_IDS.orderClients),
  NUMBERS_COLLECTION_ID: id(DEFAULT_IDS.numbers),
  NUMBER_CHANGES_COLLECTION_ID: id(DEFAULT_IDS.numberChanges),
  BUCKET_ID: id(DEFAULT_IDS.bucket),
  ADMIN_LABEL: z
    .string()
    .regex(/^[A-Za-z0-9]{1,36}$/)
    .default(DEFAULT_IDS.adminLabel),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  ADMIN_NAME: z.string().default('Shop Owner'),
  SMTP_URL: url('SMTP_URL'),
  MAIL_FROM: z.string().default('Courtside <no-reply@courtside.local>'),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.01).max(86_400).default(30),
  MAIL_ATTEMPTS: int(1, 100, 12),
  SMS_URL: url('SMS_URL'),
  SMS_FROM: z.string().min(1).max(32).default('Courtside'),
  OWNER_EMAIL: optionalText,
  SESSION_DURATION: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  MAX_SESSIONS: int(1, 100, 10),
  SCHEMA_FILE: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: flag(true),
  WEB_DIR: optionalText,
  SECRET: optionalText.refine(
    (v) => v === null || v.length >= 32,
    'must be at least 32 characters',
  ),
  TRUST_PROXY: z.string().optional(),
  SEED_DEMO: flag(true),
  REALTIME_CONNECTIONS_PER_IP: int(1, 100_000, 100),
  REALTIME_MAX_BUFFER: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  REALTIME_HEARTBEAT_MS: int(50, 600_000, 30_000),
  REALTIME_REDIS_CHANNEL: optionalText,
  PREVIEW_CACHE_MB: int(1, 10_000_000, 512),
  RECIPIENT_MESSAGES_PER_HOUR: int(1, 1_000_000, 3),
  RECIPIENT_MESSAGES_PER_DAY: int(1, 1_000_000, 10),
  PENDING_PAIRS_PER_CUSTOMER: int(1, 1000, 3),
  PENDING_PAIRS_PER_PHONE: int(1, 1000, 3),
  TRACK_LOOKUPS_PER_HOUR: int(1, 100_000, 20),
  PENDING_PAIRS_PER_ADDRESS: int(1, 10_000, 6),
  PENDING_ORDER_HOURS: int(1, 24 * 365, 48),
  RESTORE_WAIT_SECONDS: int(0, 86_400, 900),
  SHUTDOWN_DELAY_MS: int(0, 600_000, 1000),
  ...PASSWORD_ENV,
  ...BACKUP_ENV,
});

const LOCAL_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

function hostnameOf(origin: string): string {
  try {
    return new URL(origin.includes('://') ? origin : `http://${origin}`).hostname;
  } catch {
    return origin;
  }
}

/** Every variable the configuration reads (OAUTH_<NAME>_* aside); `.env.example` lists them all. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(env.shape);

/**
 * `.env` in the working directory, read into the environment when present (`.env.example` lists
 * every variable); a variable already set in the environment wins over the file.
 */
export function readDotEnv(file = '.env'): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

type Env = z.infer<typeof env>;

/** The shop's addresses, and the hostnames allowed to call the API and to be linked to. */
function addressesOf(e: Env) {
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const webUrl = new URL(e.WEB_URL ?? publicUrl.href);
  const extra = (e.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(hostnameOf);
  const local = LOCAL_HOSTNAMES.includes(publicUrl.hostname) ? LOCAL_HOSTNAMES : [];
  const allowedHostnames = [
    ...new Set([publicUrl.hostname, webUrl.hostname, ...LOCAL_HOSTNAMES, ...extra]),
  ];
  // A reset link to localhost would send a customer's secret to whatever listens on their
  // own machine: only a shop that itself runs on localhost may link there.
  const redirectHostnames = [...new Set([publicUrl.hostname, webUrl.hostname, ...extra, ...local])];
  return { publicUrl, webUrl, allowedHostnames, redirectHostnames };
}

/** DATABASE_URL read: PostgreSQL, a SQLite file, or the SQLite file in DATA_DIR. */
type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

function databaseOf(dbUrl: string | null, dataDir: string): DatabaseConfig {
  if (dbUrl === null) return { kind: 'sqlite', file: resolve(dataDir, 'courtside.db') };
  if (dbUrl.startsWith('postgres')) return { kind: 'postgres', url: dbUrl };
  return { kind: 'sqlite', file: resolve(dbUrl.replace(/^(sqlite|file):(\/\/)?/, '')) };
}

/** The ids shared with the web app. */
const idsOf = (e: Env): Readonly<ShopIds> =>
  Object.freeze({
    project: e.PROJECT_ID,
    database: e.DATABASE_ID,
    products: e.PRODUCTS_COLLECTION_ID,
    orders: e.ORDERS_COLLECTION_ID,
    subscribers: e.SUBSCRIBERS_COLLECTION_ID,
    stats: e.STATS_COLLECTION_ID,
    deliveries: e.DELIVERIES_COLLECTION_ID,
    codes: e.CODES_COLLECTION_ID,
    pages: e.PAGES_COLLECTION_ID,
    settings: e.SETTINGS_COLLECTION_ID,
    orderNotes: e.ORDER_NOTES_COLLECTION_ID,
    customerNotes: e.CUSTOMER_NOTES_COLLECTION_ID,
    orderClients: e.ORDER_CLIENTS_COLLECTION_ID,
    numbers: e.NUMBERS_COLLECTION_ID,
    numberChanges: e.NUMBER_CHANGES_COLLECTION_ID,
    bucket: e.BUCKET_ID,
    adminLabel: e.ADMIN_LABEL,
  });

/**
 * The environment, parsed once at start into a frozen, typed configuration. A bad value stops
 * start-up with a message that lists every bad variable at once.
 */
export type Config = ReturnType<typeof loadConfig>;

/** The environment read and checked: every problem at once, or the values. */
function checkedEnv(source: NodeJS.ProcessEnv) {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if ((e.ADMIN_EMAIL === null) !== (e.ADMIN_PASSWORD === null)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (e.ADMIN_PASSWORD !== null && e.ADMIN_PASSWORD.length < 8) {
    problems.push('ADMIN_PASSWORD: must be at least 8 characters');
  }
  const oauth = loadOAuth(source, problems);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && 'problem' in trustProxy) problems.push(trustProxy.problem);
  const s3 = parseS3(e);
  if (s3 && 'problems' in s3) problems.push(...s3.problems);
  const backups = parseBackupSchedule(e);
  if ('problems' in backups) problems.push(...backups.problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    e,
    oauth,
    trustProxy: trustProxy as TrustProxy,
    s3: s3 as S3Config | null,
    backups: backups as BackupSchedule,
  };
}

/** The configuration from `source`; from the process's own environment, `.env` comes first. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  if (source === process.env) readDotEnv();
  const { e, oauth, trustProxy, s3, backups } = checkedEnv(source);
  const dataDir = resolve(e.DATA_DIR);
  const { publicUrl, webUrl, allowedHostnames, redirectHostnames } = addressesOf(e);
  const database = databaseOf(e.DATABASE_URL, dataDir);

  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    /** Files in an S3-compatible bucket (S3_*); null keeps them under DATA_DIR/storage/files. */
    s3,
    database,
    redisUrl: e.REDIS_URL,
    publicUrl,
    /** Where the web app lives; cookies turn SameSite=None only when it is on another site. */
    webUrl,
    /** Web origins allowed to call the API (CORS, the write origin gate, realtime). */
    allowedHostnames,
    /**
     * Hosts the links in e-mails and the OAuth2 redirects may point at: the shop's own
     * (PUBLIC_URL, WEB_URL, ALLOWED_ORIGINS); localhost only when the shop itself runs there.
     */
    redirectHostnames,
    ids: idsOf(e),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** E-mail retries (modules/mail): first wait, longest wait, attempts, one attempt's lease. */
    mailRetry: Object.freeze({
      baseSeconds: e.MAIL_RETRY_SECONDS,
      capSeconds: Math.max(e.MAIL_RETRY_SECONDS, 3600),
      maxAttempts: e.MAIL_ATTEMPTS,
      leaseSeconds: 120,
    }),
    /**
     * Messages of one kind anyone can trigger by typing an address or number (sign-in links,
     * codes, a subscription) that one recipient gets at most per hour and per day (docs/limits.md).
     */
    recipientLimits: Object.freeze({
      perHour: e.RECIPIENT_MESSAGES_PER_HOUR,
      perDay: e.RECIPIENT_MESSAGES_PER_DAY,
    }),
    /** SMS gateway webhook; without it text messages go to DATA_DIR/sms-outbox. */
    smsUrl: e.SMS_URL,
    smsFrom: e.SMS_FROM,
    /** OpenID Connect sign-in providers that have a client id and secret, by provider name. */
    oauth,
    ownerEmail: e.OWNER_EMAIL ?? e.ADMIN_EMAIL,
    sessionDurationSeconds: e.SESSION_DURATION,
    maxSessions: e.MAX_SESSIONS,
    schemaFile: e.SCHEMA_FILE ? resolve(e.SCHEMA_FILE) : null,
    logLevel: e.LOG_LEVEL,
    rateLimits: e.RATE_LIMITS,
    webDir: e.WEB_DIR ? resolve(e.WEB_DIR) : DEFAULT_WEB_DIR,
    secret: e.SECRET,
    /** Proxies believed about the client's address (TRUST_PROXY; config-proxy.ts). */
    trustProxy,
    seedDemo: e.SEED_DEMO,
    /** Bounds of the realtime socket (docs/protocol.md §7; README "Realtime"). */
    realtime: Object.freeze({
      /** Open sockets one client address may hold on one server process. */
      connectionsPerIp: e.REALTIME_CONNECTIONS_PER_IP,
      /** A client whose unsent backlog passes this many bytes is dropped. */
      maxBufferedBytes: e.REALTIME_MAX_BUFFER,
      /** WebSocket ping interval; a socket that misses one pong is dropped. */
      heartbeatMs: e.REALTIME_HEARTBEAT_MS,
      /** The Redis pub/sub channel server processes share events on (with REDIS_URL). */
      redisChannel: e.REALTIME_REDIS_CHANNEL ?? `courtside:realtime:${e.PROJECT_ID}`,
    }),
    /** Rendered previews kept on disk, at most this many bytes (least recently used out first). */
    previewCacheBytes: e.PREVIEW_CACHE_MB * 1024 * 1024,
    /** Pairs in unconfirmed orders one customer, phone number or client address (IPv6: one /64) may hold. */
    pendingPairsPerCustomer: e.PENDING_PAIRS_PER_CUSTOMER,
    pendingPairsPerPhone: e.PENDING_PAIRS_PER_PHONE,
    pendingPairsPerAddress: e.PENDING_PAIRS_PER_ADDRESS,
    /** Hours after which an unconfirmed pending order expires, its pairs back on sale. */
    pendingOrderHours: e.PENDING_ORDER_HOURS,
    /** Order lookups by number and mobile number (/track) one client address may make per hour. */
    trackLookupsPerHour: e.TRACK_LOOKUPS_PER_HOUR,
    /** The shop's own backups on a schedule, kept N daily and M weekly, maybe off-site (BACKUP_*). */
    backups,
    /** How long a starting server waits for a restore under way before it refuses. */
    restoreWaitSeconds: e.RESTORE_WAIT_SECONDS,
    /** After SIGTERM, how long a server answers /readyz 503 while still accepting. */
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    /** Bounds of stored password hashes and of checking them (config-passwords.ts). */
    passwords: passwordConfig(e),
    version: '1.4.13',
  });
}

/**
 * Before a server or a command touches DATA_DIR: it is the server user's alone (0700), and so is
 * everything made in it from then on (database, files, backups, outboxes: 0600 files, 0700
 * folders), whatever the machine's default permissions.
 */
export function prepareDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
