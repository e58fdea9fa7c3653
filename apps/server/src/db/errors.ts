/** True when a write broke a unique index or primary key, on SQLite or PostgreSQL. */
export function isUniqueViolation(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const code = (e as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** The index or constraint named in a unique violation, when the driver says which. */
export function violatedConstraint(e: unknown): string {
  if (!e || typeof e !== 'object') return '';
  const pgConstraint = (e as { constraint?: unknown }).constraint;
  if (typeof pgConstraint === 'string') return pgConstraint;
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' ? message : '';
}

/**
 * True when PostgreSQL refused a text value it cannot hold: a NUL character (22021) or a
 * \u0000 escape in JSON (22P05). Parameters are checked before they get here; this is the
 * safety net that keeps a missed one a client's 400 instead of a 500.
 */
export function isUnstorableText(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const code = (e as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}

/** A statement refused because its transaction has ended (db/pg-transaction.ts). */
export class TransactionEndedError extends Error {
  constructor() {
    super('The transaction has ended: no statement is sent in it');
  }
}

/**
 * True when a statement failed only because one before it in its transaction had: PostgreSQL
 * refuses every statement after a failure (25P02) until the rollback, and a transaction that has
 * ended sends none. The cause is the earlier failure.
 */
export function isAfterFailure(e: unknown): boolean {
  if (e instanceof TransactionEndedError) return true;
  return Boolean(e && typeof e === 'object' && (e as { code?: unknown }).code === '25P02');
}
