import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import shopSchemaFile from '../../src/shop/appwrite.json' with { type: 'json' };
import sharp from 'sharp';
import type { BlobStore } from '../../src/modules/storage/index.js';
import { sdkUser, type SdkUser } from './sdk.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export const BUCKET = 'images';
export const ADMIN = { email: 'owner@courtside.test', password: 'owner-password-1' };

/**
 * A test server whose configured owner holds the admin label. Its schema is the shop's plus
 * two test buckets: `tiny` (2 KB, any type, fileSecurity, users may create) and `closed`
 * (disabled).
 */
export function startStorageServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'courtside-schema-'));
  const schemaFile = join(dir, 'appwrite.json');
  const base = shopSchemaFile.buckets[0]!;
  const buckets = [
    ...shopSchemaFile.buckets,
    {
      ...base,
      $id: 'tiny',
      name: 'Tiny',
      fileSecurity: true,
      maximumFileSize: 2048,
      allowedFileExtensions: [],
      $permissions: ['create("users")'],
    },
    { ...base, $id: 'closed', name: 'Closed', enabled: false },
  ];
  writeFileSync(schemaFile, JSON.stringify({ ...shopSchemaFile, buckets }));
  return startTestServer({
    ...options,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SCHEMA_FILE: schemaFile,
      ...options.env,
    },
  });
}

export async function adminUser(server: Pick<TestServer, 'endpoint'>): Promise<SdkUser> {
  const admin = sdkUser(server);
  await admin.account.createEmailSession(ADMIN.email, ADMIN.password);
  return admin;
}

/** A storage test server with its owner signed in: where most storage suites start. */
export async function storageWithOwner(options: TestServerOptions = {}) {
  const server = await startStorageServer(options);
  return { server, admin: await adminUser(server) };
}

/** Whether the server's blob store (its S3 bucket, or DATA_DIR/storage/files) holds the file. */
export function blobStored(
  server: Pick<TestServer, 'bucket' | 'dataDir'>,
  bucketId: string,
  fileId: string,
): Promise<boolean> {
  if (server.bucket) return server.bucket.has(`${bucketId}/${fileId}`);
  return Promise.resolve(existsSync(join(server.dataDir, 'storage', 'files', bucketId, fileId)));
}

/** The parts of an upload in progress the server holds (in its bucket, or under DATA_DIR). */
export async function uploadParts(
  server: Pick<TestServer, 'bucket' | 'dataDir'>,
  bucketId: string,
  fileId: string,
): Promise<string[]> {
  if (server.bucket) {
    const prefix = `uploads/${bucketId}/${fileId}/`;
    const keys = await server.bucket.keys();
    return keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  }
  const dir = join(server.dataDir, 'storage', 'uploads', bucketId, fileId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** An image made in code: a gradient-ish block of the given size and format. */
export async function imageBytes(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png',
): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: Math.ceil(width / 2), height, channels: 3, background: '#1040c0' },
        })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .toFormat(format)
    .toBuffer();
}

/** A valid PNG of pure noise (incompressible), about width*height*3 bytes. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const fileOf = (bytes: Buffer, name: string, type = '') =>
  new File([new Uint8Array(bytes)], name, { type });

/** Fetches a URL the SDK built (view, download, preview) as this user's browser would. */
export async function fetchAs(user: SdkUser | null, url: URL | string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const fallback = user?.client.jar.get('cookieFallback');
  if (fallback) headers.set('X-Fallback-Cookies', fallback);
  const res = await fetch(url, { ...init, headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A raw multipart POST to a bucket, for what the SDK never sends. */
export async function rawUpload(
  server: Pick<TestServer, 'endpoint'>,
  user: SdkUser | null,
  bucketId: string,
  form: FormData,
  headers: Record<string, string> = {},
) {
  const h = new Headers({ 'X-Appwrite-Project': 'courtside', ...headers });
  const fallback = user?.client.jar.get('cookieFallback');
  if (fallback) h.set('X-Fallback-Cookies', fallback);
  const res = await fetch(`${server.endpoint}/storage/buckets/${bucketId}/files`, {
    method: 'POST',
    body: form,
    headers: h,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * An object store kept in memory: the blob-store interface without `localPath`, as an
 * S3-compatible store would be, so reads (view, download, preview sources) go through streams.
 */
export function memoryBlobStore(): BlobStore & { objects: Map<string, Buffer>; reads: number } {
  const objects = new Map<string, Buffer>();
  const store = {
    objects,
    reads: 0,
    async putFile(key: string, sourcePath: string) {
      objects.set(key, await readFile(sourcePath));
    },
    async read(key: string, range?: { start: number; end: number }) {
      const bytes = objects.get(key);
      if (!bytes) return null;
      store.reads++;
      const part = range ? bytes.subarray(range.start, range.end + 1) : bytes;
      // Several small pieces, as a network stream delivers them.
      const pieces = Array.from({ length: Math.ceil(part.length / 16384) }, (_, i) =>
        part.subarray(i * 16384, (i + 1) * 16384),
      );
      return Readable.from(pieces);
    },
    async size(key: string) {
      return objects.get(key)?.length ?? null;
    },
    async delete(key: string) {
      objects.delete(key);
    },
  };
  return store;
}
