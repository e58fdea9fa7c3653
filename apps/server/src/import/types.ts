import type { UsersTable } from '../modules/account/index.js';
import type { MappedDocument } from './documents.js';
import type { Kind } from './schema-check.js';
import type { SourceFile } from './source.js';

/* What `npm run import` (run.ts) reads, checks, writes and reports. */

/** Where in the old project each kind is: its database, collections and bucket. */
export interface SourceIds {
  database: string;
  products: string;
  orders: string;
  subscribers: string;
  bucket: string;
}

export interface KindReport {
  kind: 'users' | 'files' | Kind;
  /** In the old project (null: it has no such collection). */
  inSource: number | null;
  /** Already here before this run (skipped). */
  present: number;
  /** Written by this run (a dry run: would be). */
  imported: number;
}

export interface ImportReport {
  ok: boolean;
  dryRun: boolean;
  problems: string[];
  notes: string[];
  kinds: KindReport[];
}

export const KINDS: Kind[] = ['products', 'orders', 'subscribers'];

/** Everything read from the old project and checked, before anything is written. */
export interface Checked {
  users: UsersTable[];
  usersPresent: Set<string>;
  files: SourceFile[];
  filesPresent: Set<string>;
  documents: Map<Kind, { items: MappedDocument[]; present: Set<string> }>;
  ordersUntil: string | null;
}
