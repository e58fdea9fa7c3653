import type { Generated } from 'kysely';

/**
 * File records. Times are protocol-format ISO text, permissions a JSON list. `seq` keeps
 * insertion order (the protocol's default order and cursor tie-breaker). A record whose
 * chunks_uploaded < chunks_total is an upload in progress; its bytes are still parts.
 */
export interface StorageFilesTable {
  seq: Generated<number>;
  bucket_id: string;
  id: string;
  created_at: string;
  updated_at: string;
  permissions: string;
  name: string;
  signature: string;
  mime_type: string;
  size_original: number;
  chunks_total: number;
  chunks_uploaded: number;
  /** Bytes per chunk of a chunked upload (the last may be shorter); the whole size otherwise. */
  chunk_size: number;
  /** Which chunk indexes have arrived, as a JSON list (resume and out-of-order chunks). */
  chunks_received: string;
  /** Lower-cased id and name, for `search`. */
  search: string;
}

export type StorageTables = { storage_files: StorageFilesTable };
