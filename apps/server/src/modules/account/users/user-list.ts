import { sql } from 'kysely';
import { escapeLike, searchWords } from '../../../query/compile.js';
import { pageOf } from '../../../query/page.js';
import { buildPlan } from '../../../query/plan.js';
import { tableColumn as column, type Column, type QuerySource } from '../../../query/source.js';
import type { AccountDeps } from '../context.js';
import type { UsersTable } from '../tables.js';

/**
 * GET /users (docs/protocol.md §3.3): the users as a source of the shared query pipeline, with
 * the attributes 1.4's users list may filter and order by, and its `search` param.
 */
const COLUMNS: Column[] = [
  column('$id', 'id', 'string'),
  column('$createdAt', 'created_at', 'datetime'),
  column('$updatedAt', 'updated_at', 'datetime'),
  column('name', 'name', 'string'),
  column('email', 'email', 'string', { notNull: false }),
  column('phone', 'phone', 'string', { notNull: false }),
  column('status', 'status', 'boolean'),
  column('passwordUpdate', 'password_updated_at', 'datetime', { notNull: false }),
  column('registration', 'registration', 'datetime'),
  column('emailVerification', 'email_verification', 'boolean'),
  column('phoneVerification', 'phone_verification', 'boolean'),
  column('labels', 'labels', 'string', { array: true }),
  column('$internalId', 'seq', 'integer'),
];

export const USERS: QuerySource = {
  table: 'users',
  columns: new Map(COLUMNS.map((c) => [c.key, c])),
  fulltext: new Map(),
  limits: { limit: 5000, offset: Number.MAX_SAFE_INTEGER },
  selectable: false,
};

/** The words of a user's id, e-mail, phone and name, lower-cased, each after a space. */
const SEARCHABLE = sql`' ' || replace(replace(replace(replace(replace(lower(id || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || name), '@', ' '), '.', ' '), '+', ' '), '-', ' '), '_', ' ')`;

/** 1.4's `search` param: any word of the term starting a word of id, e-mail, phone or name. */
function searchSql(term: string) {
  const words = searchWords(term);
  if (words.length === 0) return [];
  return [
    sql`(${sql.join(
      words.map((w) => sql`${SEARCHABLE} LIKE ${`% ${escapeLike(w)}%`} ESCAPE '\\'`),
      sql` OR `,
    )})`,
  ];
}

export async function listUsers(
  deps: AccountDeps,
  queries: readonly string[],
  search: string,
): Promise<{ total: number; rows: UsersTable[] }> {
  const plan = buildPlan(USERS, queries);
  return pageOf<UsersTable>(deps.db, USERS, plan, {
    visible: [],
    extra: searchSql(search),
    noun: 'User',
  });
}
