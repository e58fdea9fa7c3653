import { sql, type RawBuilder } from 'kysely';
import type { Dialect, Executor } from '../../../db/database.js';
import { AppError } from '../../../protocol/errors.js';
import type { Collection, Column } from '../collections.js';
import type { HourCount, StoredDocument } from '../contract.js';
import {
  afterSql,
  effectiveOrders,
  filterSql,
  fromSql,
  ftsOnly,
  orderSql,
  whereSql,
} from '../../../query/compile.js';
import type { Filter, Plan } from '../../../query/plan.js';
import { TOTAL_CAP } from '../../../query/source.js';
import {
  rankedTierSql,
  rankingSearch,
  tierOfRow,
  tiersToWalk,
  type RankedCursor,
} from '../../../query/relevance.js';
import { orderedSearchPage } from './search-page.js';
import type { CountCache } from './counts.js';
import { project, toDocument, type Row } from './rows.js';

/**
 * The reading side of documents' SQL (store-writes.ts writes), on whatever executor it is given
 * (the pool or a transaction). No permission decisions here: callers pass the read roles to
 * filter by, or null for all.
 */
export type { Executor };

/** Documents the caller may read when only document permissions grant access. */
export function readableSql(c: Collection, roles: readonly string[]): RawBuilder<boolean> {
  const seq = sql.ref(c.columns.get('$internalId')!.ref);
  return sql<boolean>`${seq} IN (SELECT doc FROM ${sql.table(c.permsTable)} WHERE action = 'read' AND role IN (${sql.join([...roles])}))`;
}

export async function findRow(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  id: string,
  forUpdate = false,
  /** Only a row these roles may read (null: any). */
  readRoles: readonly string[] | null = null,
): Promise<Row | null> {
  let q = k.selectFrom(c.table).selectAll().where('_id', '=', id);
  if (readRoles) q = q.where(readableSql(c, readRoles));
  if (forUpdate && dialect === 'postgres') q = q.forUpdate();
  return ((await q.executeTakeFirst()) as Row | undefined) ?? null;
}

export async function findDocument(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  id: string,
  forUpdate = false,
): Promise<StoredDocument | null> {
  const row = await findRow(k, dialect, c, id, forUpdate);
  return row ? toDocument(c, row) : null;
}

/** Which of `ids` are documents of the collection (read without locking them). */
export async function existingIds(
  k: Executor,
  c: Collection,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = (await k.selectFrom(c.table).select('_id').where('_id', 'in', ids).execute()) as {
    _id: string;
  }[];
  return new Set(rows.map((r) => r._id));
}

/** Whether a document's read roles include one of `roles`. */
export async function documentReadable(
  k: Executor,
  c: Collection,
  id: string,
  roles: readonly string[],
): Promise<boolean> {
  const row = await k
    .selectFrom(c.table)
    .select('_id')
    .where('_id', '=', id)
    .where(readableSql(c, roles))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One page and the capped total. `readRoles` null: every document; otherwise only documents
 * whose read roles meet them (the filter is in SQL, so total, limit and cursor agree).
 */
function sources(dialect: Dialect, c: Collection, plan: Plan, readRoles: readonly string[] | null) {
  const { from, consumed, seq } = fromSql(c, dialect, plan.filters);
  const filters = plan.filters.filter((f) => f !== consumed).map((f) => filterSql(c, dialect, f));
  if (readRoles) filters.push(readableSql(c, readRoles));
  return { from, consumed, seq, filters };
}

/** The columns a page reads: all, or with `select` the system columns and the selected ones. */
function pageColumns(c: Collection, select: string[] | null) {
  if (!select) return sql`${sql.table(c.table)}.*`;
  const names = new Set(['_seq', '_id', '_created', '_updated', '_permissions']);
  for (const key of select) {
    const column = c.columns.get(key);
    if (column?.attribute) names.add(column.column);
  }
  return sql.join([...names].map((n) => sql.ref(`${c.table}.${n}`)));
}

export async function listDocuments(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  plan: Plan,
  readRoles: readonly string[] | null,
  /** Remembers totals between writes; only for reads outside a transaction. */
  counts: CountCache | null = null,
  /** False: no count (the caller wants the page alone); the total is then unknown, -1. */
  withTotal = true,
): Promise<{ total: number; documents: StoredDocument[] }> {
  const { from, consumed, seq, filters } = sources(dialect, c, plan, readRoles);
  const where = whereSql(filters);
  // A search alone counts from its FTS table: one row there per document.
  const inner =
    consumed && filters.length === 0
      ? ftsOnly(c, consumed)
      : sql`SELECT 1 FROM ${from} WHERE ${where}`;
  let total: number;
  if (!withTotal) total = -1;
  else if (counts) total = await counts.total(k, c, inner, TOTAL_CAP);
  else {
    const counted = await sql<{
      total: number | string;
    }>`SELECT count(*) AS total FROM (${inner} LIMIT ${TOTAL_CAP}) AS capped`.execute(k);
    total = Number(counted.rows[0]?.total ?? 0);
  }

  let orders = effectiveOrders(c, plan.orders);
  const pageFilters = [...filters];
  const before = plan.cursor?.direction === 'before';
  const ranking = rankingSearch(c, plan);
  let cursorRow: Row | null = null;
  if (plan.cursor) {
    // Read through the same permission filter as the page: a document the caller may not read
    // is a cursor that does not exist, and its values never shape the page.
    cursorRow = await findRow(k, dialect, c, plan.cursor.id, false, readRoles);
    if (!cursorRow) {
      throw new AppError(
        'general_cursor_not_found',
        `Document '${plan.cursor.id}' for the 'cursor' value not found.`,
      );
    }
  }
  const limit = Math.min(plan.limit, c.limits.limit);
  const columns = pageColumns(c, plan.select);
  if (ranking) {
    // Without an order of its own a search comes best match first (query/relevance.ts).
    const rows = await rankedRows(k, dialect, c, plan, readRoles, {
      search: ranking,
      columns,
      limit,
      cursorRow,
    });
    return { total, documents: rows.map((r) => project(toDocument(c, r), plan.select)) };
  }
  if (plan.cursor && cursorRow) {
    if (before) {
      orders = orders.map((o) => ({ ...o, direction: o.direction === 'ASC' ? 'DESC' : 'ASC' }));
    }
    pageFilters.push(afterSql(orders, cursorRow));
  }
  const first = plan.orders[0]?.column;
  let found =
    consumed && first && total >= 0
      ? await orderedSearchPage(k, c, {
          search: consumed,
          first,
          orders,
          filters: pageFilters,
          columns,
          limit,
          offset: plan.offset,
          total,
        })
      : null;
  found ??= (
    await sql<Row>`SELECT ${columns} FROM ${from} WHERE ${whereSql(pageFilters)} ORDER BY ${orderSql(dialect, orders, seq)} LIMIT ${limit} OFFSET ${plan.offset}`.execute(
      k,
    )
  ).rows;
  const rows = before ? [...found].reverse() : found;
  return { total, documents: rows.map((r) => project(toDocument(c, r), plan.select)) };
}

/** A page of a search ranked by relevance, in the list's order. */
async function rankedRows(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  plan: Plan,
  readRoles: readonly string[] | null,
  p: { search: Filter; columns: RawBuilder<unknown>; limit: number; cursorRow: Row | null },
): Promise<Row[]> {
  const filters = plan.filters.filter((f) => f !== p.search).map((f) => filterSql(c, dialect, f));
  if (readRoles) filters.push(readableSql(c, readRoles));
  let cursor: RankedCursor | null = null;
  if (plan.cursor && p.cursorRow) {
    const seq = Number(p.cursorRow._seq);
    const read = await tierOfRow(c, dialect, p.search, seq).execute(k);
    const tier = Number((read.rows[0] as { tier?: unknown } | undefined)?.tier ?? -1);
    cursor = { tier, seq, direction: plan.cursor.direction };
  }
  // Tier by tier, best first, until the page is full: a page of "kobe" reads ten rows of the
  // first tier, not every match (query/relevance.ts).
  const want = plan.offset + p.limit;
  const seqs: number[] = [];
  for (const tier of tiersToWalk(dialect, p.search, cursor)) {
    const part = rankedTierSql(c, dialect, {
      search: p.search,
      filters,
      tier,
      limit: want - seqs.length,
      cursor,
    });
    const found = (await sql<{ _s: number | string }>`${part}`.execute(k)).rows;
    seqs.push(...found.map((r) => Number(r._s)));
    if (seqs.length >= want) break;
  }
  const onPage = seqs.slice(plan.offset, want);
  if (onPage.length === 0) return [];
  const read =
    await sql<Row>`SELECT ${p.columns} FROM ${sql.table(c.table)} WHERE ${sql.ref(`${c.table}._seq`)} IN (${sql.join(onPage)})`.execute(
      k,
    );
  const bySeq = new Map<number, Row>(read.rows.map((r) => [Number(r._seq), r]));
  const rows = onPage.flatMap((s): Row[] => {
    const row = bySeq.get(s);
    return row ? [row] : [];
  });
  return cursor?.direction === 'before' ? [...rows].reverse() : rows;
}

/** Documents per UTC hour of a datetime column (its stored text's first 13 characters). */
export async function countByHour(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  plan: Plan,
  datetime: Column,
  sums: Column[],
): Promise<HourCount[]> {
  const { from, filters } = sources(dialect, c, plan, null);
  const hour = sql`substr(${sql.ref(datetime.ref)}, 1, 13)`;
  const totals = sums.map((s, i) => sql`sum(${sql.ref(s.ref)}) AS ${sql.id(`s${i}`)}`);
  const rows = await sql<Record<string, unknown>>`SELECT ${hour} AS hour, count(*) AS n${
    totals.length ? sql`, ${sql.join(totals)}` : sql``
  } FROM ${from} WHERE ${whereSql(filters)} AND ${sql.ref(datetime.ref)} IS NOT NULL GROUP BY ${hour}`.execute(
    k,
  );
  return rows.rows.map((r) => ({
    hour: String(r.hour),
    count: Number(r.n),
    sums: Object.fromEntries(sums.map((s, i) => [s.key, Number(r[`s${i}`] ?? 0)])),
  }));
}

/** The exact number of documents a plan's filters match (limit, offset and cursor aside). */
export async function countDocuments(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  plan: Plan,
  readRoles: readonly string[] | null,
): Promise<number> {
  const { from, consumed, filters } = sources(dialect, c, plan, readRoles);
  const inner =
    consumed && filters.length === 0
      ? ftsOnly(c, consumed)
      : sql`SELECT 1 FROM ${from} WHERE ${whereSql(filters)}`;
  const counted = await sql<{
    total: number | string;
  }>`SELECT count(*) AS total FROM (${inner}) AS matched`.execute(k);
  return Number(counted.rows[0]?.total ?? 0);
}
