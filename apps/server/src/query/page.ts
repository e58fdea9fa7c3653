import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import { AppError } from '../protocol/errors.js';
import { afterSql, effectiveOrders, filterSql, orderSql, whereSql } from './compile.js';
import type { Plan } from './plan.js';
import { seqOf, TOTAL_CAP, type QuerySource } from './source.js';

type Sql = RawBuilder<unknown>;

export interface PageScope {
  /** What the caller may see at all: the cursor is looked up through it too. */
  visible: Sql[];
  /** Conditions of the list's own beyond the plan's filters (a `search` param). */
  extra: Sql[];
  /** How the list names its rows in the unknown-cursor message ("File", "User"). */
  noun: string;
}

/**
 * One page of a small table's rows, filtered, ordered and paged as the protocol says
 * (docs/protocol.md §5.4, 5.5), with the total capped at 5000: files and users. A cursor naming a
 * row the caller may not see answers like one that does not exist, and its values never shape
 * the page.
 */
export async function pageOf<Row>(
  db: Database,
  source: QuerySource,
  plan: Plan,
  scope: PageScope,
): Promise<{ total: number; rows: Row[] }> {
  const table = sql.table(source.table);
  const filters = [
    ...scope.visible,
    ...plan.filters.map((f) => filterSql(source, db.dialect, f)),
    ...scope.extra,
  ];
  const counted = await sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${whereSql(filters)} LIMIT ${TOTAL_CAP}) AS capped`.execute(
    db.kysely,
  );
  const total = Number(counted.rows[0]?.n ?? 0);

  let orders = effectiveOrders(source, plan.orders);
  const before = plan.cursor?.direction === 'before';
  if (plan.cursor) {
    const idColumn = sql.ref(source.columns.get('$id')!.column);
    const found =
      await sql<Row>`SELECT * FROM ${table} WHERE ${whereSql(scope.visible)} AND ${idColumn} = ${plan.cursor.id}`.execute(
        db.kysely,
      );
    const cursor = found.rows[0];
    if (!cursor) {
      throw new AppError(
        'general_cursor_not_found',
        `${scope.noun} '${plan.cursor.id}' for the 'cursor' value not found.`,
      );
    }
    if (before) {
      orders = orders.map((o) => ({ ...o, direction: o.direction === 'ASC' ? 'DESC' : 'ASC' }));
    }
    filters.push(afterSql(orders, cursor as Record<string, unknown>));
  }
  const seq = sql.ref(seqOf(source).column);
  const page =
    await sql<Row>`SELECT * FROM ${table} WHERE ${whereSql(filters)} ORDER BY ${orderSql(db.dialect, orders, seq)} LIMIT ${plan.limit} OFFSET ${plan.offset}`.execute(
      db.kysely,
    );
  return { total, rows: before ? [...page.rows].reverse() : page.rows };
}
