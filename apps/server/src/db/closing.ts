import type { ClosingStatement, Executor } from './types.js';

export type { ClosingStatement };

/** Runs a unit of work's closing statements, in order, just before its COMMIT. */
export async function runClosing(k: Executor, closing: readonly ClosingStatement[]) {
  for (const s of closing) {
    const { rows } = await s.query.execute(k);
    s.rows?.(rows as Record<string, unknown>[]);
  }
}
