/**
 * The storage module's contract with the rest of the backend (the shop's rules deleting a
 * product's photos, the seed storing generated photos). Written before the module so both
 * sides can be built at once; other modules import only from here and the module's index.
 */
import type { Executor } from '../../db/types.js';

/** A file as the protocol's File model has it (reference: File). */
export interface StoredFile {
  $id: string;
  bucketId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  name: string;
  signature: string;
  mimeType: string;
  sizeOriginal: number;
  chunksTotal: number;
  chunksUploaded: number;
}

/** System access to files: no permission checks, but the bucket's type and size rules hold. */
export interface StorageService {
  createFile(
    bucketId: string,
    fileId: string,
    name: string,
    bytes: Buffer,
    permissions?: string[],
  ): Promise<StoredFile>;
  /**
   * A complete file's record, or null. `within`: a transaction's executor (a document hook's,
   * TransactionDocuments.executor), read through it instead of beside it (SQLite has one writer).
   */
  getFile(bucketId: string, fileId: string, within?: Executor): Promise<StoredFile | null>;
  /** Replaces a complete file's permissions (the shop keeping a buyer's screenshot); false when absent. */
  setFilePermissions(bucketId: string, fileId: string, permissions: string[]): Promise<boolean>;
  /** Removes the record, the bytes and any cached previews; false when there was no such file. */
  deleteFile(bucketId: string, fileId: string): Promise<boolean>;
  /**
   * Forgets what this process remembers of a file (its recent record, its previews in memory;
   * when `deleted`, its previews on disk): another process changed or deleted it. Absent from
   * fakes.
   */
  forgetFile?(bucketId: string, fileId: string, deleted?: boolean): void;
  /** This process's preview figures, for tests and health (absent from fakes). */
  previewFigures?(): PreviewFigures;
}

export interface PreviewFigures {
  /** Renders started since start. */
  renders: number;
  /** Renders running and waiting for a slot now. */
  running: number;
  queued: number;
  /** The disk cache as this process counts it. */
  cacheBytes: number;
  cacheEntries: number;
}
