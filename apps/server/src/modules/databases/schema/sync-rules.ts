import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { AttributeDef } from '../../../schema/types.js';
import { columnName, type Collection } from '../collections.js';

/**
 * Schema sync's check of existing documents against an attribute's rules (required, string
 * size, enum elements, min and max). A schema that tightens a rule starts only when every
 * stored document still fits it; otherwise documents would fail each later update. Formats
 * (email, url, ip) are not checked here.
 */
export class SchemaSyncError extends Error {
  constructor(c: Collection, problem: string, fix: string) {
    super(
      `The schema cannot be applied to collection ${c.databaseId}/${c.id} (table ${c.table}): ${problem}. ${fix}`,
    );
    this.name = 'SchemaSyncError';
  }
}

type Any = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Sql = RawBuilder<unknown>;

/** The parts of an attribute that decide which stored values are valid, as stored state. */
export function attributeRules(a: AttributeDef): string {
  return JSON.stringify({
    required: a.required,
    size: a.type === 'string' ? (a.size ?? null) : null,
    elements: 'elements' in a ? a.elements : null,
    min: a.type === 'integer' || a.type === 'double' ? (a.min ?? null) : null,
    max: a.type === 'integer' || a.type === 'double' ? (a.max ?? null) : null,
  });
}

/** A condition on each value of the column: the value itself, or any element of an array. */
function anyValue(dialect: Dialect, a: AttributeDef, test: (v: Sql) => Sql): Sql {
  const col = sql.ref(columnName(a.key));
  if (!a.array) return sql`(${col} IS NOT NULL AND ${test(col)})`;
  if (dialect === 'postgres') {
    const numeric = a.type === 'integer' || a.type === 'double';
    const v = numeric ? sql`e.v::double precision` : sql`e.v`;
    return sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${col}::jsonb) AS e(v) WHERE ${test(v)})`;
  }
  return sql`EXISTS (SELECT 1 FROM json_each(${col}) WHERE ${test(sql.ref('value'))})`;
}

async function count(k: Any, c: Collection, where: Sql): Promise<number> {
  const row = await sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM ${sql.table(c.table)} WHERE ${where}`.execute(k);
  return Number(row.rows[0]?.n ?? 0);
}

async function samples(k: Any, c: Collection, a: AttributeDef, where: Sql): Promise<string> {
  const rows = await sql<{
    v: unknown;
  }>`SELECT ${sql.ref(columnName(a.key))} AS v FROM ${sql.table(c.table)} WHERE ${where} LIMIT 3`.execute(
    k,
  );
  return rows.rows.map((r) => String(r.v)).join(', ');
}

/** Refuses the schema when stored documents break `a`'s rules, saying what to do. */
export async function checkStoredValues(k: Any, dialect: Dialect, c: Collection, a: AttributeDef) {
  const col = sql.ref(columnName(a.key));
  if (a.required) {
    const missing = await count(
      k,
      c,
      a.array ? sql`(${col} IS NULL OR ${col} = '[]')` : sql`${col} IS NULL`,
    );
    if (missing > 0) {
      throw new SchemaSyncError(
        c,
        `attribute "${a.key}" is now required but ${missing} documents have no value`,
        'Give those documents a value first, or keep the attribute optional.',
      );
    }
  }
  if (a.type === 'string' && 'elements' in a && a.format === 'enum') {
    const elements = a.elements.length ? a.elements : [''];
    const outside = (v: Sql) => sql`${v} NOT IN (${sql.join(elements)})`;
    const n = await count(k, c, anyValue(dialect, a, outside));
    if (n > 0) {
      throw new SchemaSyncError(
        c,
        `attribute "${a.key}" now allows only (${a.elements.join(', ')}) but ${n} documents hold other values (${await samples(k, c, a, anyValue(dialect, a, outside))})`,
        'Change those documents to one of the allowed values first, or keep the elements they use.',
      );
    }
  } else if (a.type === 'string' && a.size !== undefined) {
    const size = a.size;
    const longer = (v: Sql) => sql`length(${v}) > ${size}`;
    const n = await count(k, c, anyValue(dialect, a, longer));
    if (n > 0) {
      const longest = a.array
        ? ''
        : ` (the longest has ${Number(
            (
              await sql<{
                m: number;
              }>`SELECT max(length(${col})) AS m FROM ${sql.table(c.table)}`.execute(k)
            ).rows[0]?.m ?? 0,
          )})`;
      throw new SchemaSyncError(
        c,
        `attribute "${a.key}" now allows at most ${size} characters but ${n} documents hold longer values${longest}`,
        `Shorten those values first, or keep "size" large enough for them.`,
      );
    }
  }
  if (
    (a.type === 'integer' || a.type === 'double') &&
    (a.min !== undefined || a.max !== undefined)
  ) {
    const { min, max } = a;
    const outside = (v: Sql) =>
      sql.join(
        [
          ...(min !== undefined ? [sql`${v} < ${min}`] : []),
          ...(max !== undefined ? [sql`${v} > ${max}`] : []),
        ],
        sql` OR `,
      );
    const where = anyValue(dialect, a, (v) => sql`(${outside(v)})`);
    const n = await count(k, c, where);
    if (n > 0) {
      throw new SchemaSyncError(
        c,
        `attribute "${a.key}" now must be between ${min ?? '-infinity'} and ${max ?? 'infinity'} but ${n} documents hold values outside (${await samples(k, c, a, where)})`,
        'Change those values first, or widen "min" and "max" to include them.',
      );
    }
  }
}
