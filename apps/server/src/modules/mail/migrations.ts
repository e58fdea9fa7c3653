import type { Kysely, Migration } from 'kysely';
import { addIndex } from '../../db/ddl.js';

export const mailMigrations: Record<string, Migration> = {
  'mail-0001-outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addColumn('body_html', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .execute();
      await addIndex(db, 'mail_outbox_due', 'mail_outbox', ['status', 'next_attempt_at']);
    },
  },
  'mail-0002-recipient-counts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_recipient_counts')
        .addColumn('recipient_key', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('span', 'text', (c) => c.notNull())
        .addColumn('since', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('mail_recipient_counts_pk', [
          'recipient_key',
          'kind',
          'span',
          'since',
        ])
        .execute();
      await addIndex(db, 'mail_recipient_counts_since', 'mail_recipient_counts', ['since']);
    },
  },
};
