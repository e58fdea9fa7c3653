/** The storage module's public face: what app.ts and other modules may use. */
import { join } from 'node:path';
import type { RateLimitStore } from '../../tools/rate-limits.js';
import type { S3Config } from '../../config-s3.js';
import { localBlobStore, type BlobStore } from './blobs/blob-store.js';
import { s3BlobStore } from './blobs/s3-blob-store.js';
import { diskParts, storeParts } from './uploads/upload-parts.js';
import type { StorageService } from './contract.js';
import { tempFile, type StorageDeps } from './files/files.js';
import type { BackendModule } from '../module.js';
import { storageMigrations } from './migrations.js';
import { keyedQueue } from '../../tools/keyed.js';
import { DEFAULT_PREVIEW_MAX_PIXELS } from './previews/preview-plan.js';
import { previewRuntime } from './previews/preview-runtime.js';
import { RecentFiles } from './files/recent-files.js';
import { registerStorageRoutes } from './files/routes.js';
import { storageService } from './service.js';
import { bucketsSince, registerBucketRoutes } from './bucket-routes.js';

export type { StorageService } from './contract.js';
export type { BlobStore } from './blobs/blob-store.js';

export interface StorageModuleOptions extends Pick<
  StorageDeps,
  'db' | 'clock' | 'events' | 'schema'
> {
  dataDir: string;
  /** Defaults to the S3 bucket when configured, else the local disk under DATA_DIR/storage/files. */
  blobs?: BlobStore;
  s3?: S3Config | null;
  maxImagePixels?: number;
  /** Previews are made from images of at most this many pixels (40 megapixels). */
  previewMaxPixels?: number;
  /** The disk cache of rendered previews is kept under this many bytes (PREVIEW_CACHE_MB). */
  previewCacheBytes?: number;
  /** Per-address limits on new previews; null or absent leaves them off. */
  rateLimits?: RateLimitStore | null;
}

/** 100 megapixels: beyond any product photo; only the header is read to check it. */
export const DEFAULT_MAX_IMAGE_PIXELS = 100_000_000;
export const DEFAULT_PREVIEW_CACHE_BYTES = 512 * 1024 * 1024;

function storageDeps(o: StorageModuleOptions): StorageDeps {
  const root = join(o.dataDir, 'storage');
  const blobs = o.blobs ?? (o.s3 ? s3BlobStore(o.s3) : localBlobStore(join(root, 'files')));
  return {
    db: o.db,
    clock: o.clock,
    events: o.events,
    schema: o.schema,
    root,
    blobs,
    maxImagePixels: o.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
    previews: previewRuntime({
      cacheDir: join(root, 'previews'),
      cacheMaxBytes: o.previewCacheBytes ?? DEFAULT_PREVIEW_CACHE_BYTES,
      tempFile: () => tempFile({ root }),
      maxSourcePixels: o.previewMaxPixels ?? DEFAULT_PREVIEW_MAX_PIXELS,
      clock: o.clock,
      rateLimits: o.rateLimits ?? null,
    }),
    recentFiles: new RecentFiles(),
    uploads: keyedQueue(),
    // Beside the files: a store of this disk's keeps them here, an object store in the bucket.
    parts: blobs.localPath ? diskParts(join(root, 'uploads')) : storeParts(blobs),
  };
}

/** Buckets and files, previews included (docs/protocol.md §5). */
export const storageModule: BackendModule<StorageModuleOptions, StorageService> = {
  name: 'storage',
  migrations: storageMigrations,
  async create(options) {
    const deps = storageDeps(options);
    // A bucket that cannot be reached stops start-up, saying which setting to fix.
    await deps.blobs.check?.();
    const since = await bucketsSince(options.db, options.clock.now());
    return {
      service: storageService(deps),
      routes: async (api) => {
        registerBucketRoutes(api, deps.schema, since);
        await registerStorageRoutes(api, deps);
      },
      // An object store's idle connections hold nothing open; requests still answering keep theirs.
      close: async () => undefined,
    };
  },
};
