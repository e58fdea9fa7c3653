import type { Kysely, Migration } from 'kysely';
import { addIndex, withAutoId } from '../../db/ddl.js';

export const storageMigrations: Record<string, Migration> = {
  'storage-0001-files': {
    async up(db: Kysely<unknown>) {
      await withAutoId(db, db.schema.createTable('storage_files'))
        .addColumn('bucket_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('mime_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('size_original', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('chunks_total', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('chunks_uploaded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('chunks_received', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await addIndex(db, 'storage_files_bucket_id', 'storage_files', ['bucket_id', 'id'], 'unique');
      await addIndex(db, 'storage_files_bucket_created', 'storage_files', [
        'bucket_id',
        'created_at',
      ]);
    },
  },
  'storage-0002-chunk-size': {
    // The chunk length of an upload in progress, fixed by its first chunk (0: not chunked yet).
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('storage_files')
        .addColumn('chunk_size', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};
