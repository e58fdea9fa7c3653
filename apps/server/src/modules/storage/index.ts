/** The storage module's public face: what app.ts and other modules may use. */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Schema } from '../../schema/types.js';
import type { Clock } from '../../tools/clock.js';
import type { EventBus } from '../../tools/events.js';
import { localBlobStore, type BlobStore } from './blob-store.js';
import type { StorageService } from './contract.js';
import type { StorageDeps } from './files.js';
import { PreviewMemory } from './preview-memory.js';
import { RecentFiles } from './recent-files.js';
import { registerStorageRoutes } from './routes.js';
import { storageService } from './service.js';

export { storageMigrations } from './migrations.js';
export type { StorageService, StoredFile } from './contract.js';
export type { BlobStore } from './blob-store.js';
export type { StorageTables } from './tables.js';

export interface StorageModuleOptions {
  db: Database;
  clock: Clock;
  events: EventBus;
  schema: Schema;
  dataDir: string;
  /** Defaults to the local disk under DATA_DIR/storage/files. */
  blobs?: BlobStore;
  maxImagePixels?: number;
}

export interface StorageModule {
  service: StorageService;
  register(api: FastifyInstance): Promise<void>;
}

/** 100 megapixels: beyond any product photo, far below what would exhaust memory. */
export const DEFAULT_MAX_IMAGE_PIXELS = 100_000_000;

export function createStorageModule(o: StorageModuleOptions): StorageModule {
  const root = join(o.dataDir, 'storage');
  const deps: StorageDeps = {
    db: o.db,
    clock: o.clock,
    events: o.events,
    schema: o.schema,
    root,
    blobs: o.blobs ?? localBlobStore(join(root, 'files')),
    maxImagePixels: o.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
    previewMemory: new PreviewMemory(),
    recentFiles: new RecentFiles(),
  };
  return { service: storageService(deps), register: (api) => registerStorageRoutes(api, deps) };
}
