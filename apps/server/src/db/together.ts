import { isAfterFailure } from './errors.js';

/**
 * Steps of one unit of work run side by side: on PostgreSQL the statements they make at the same
 * moment travel together in the driver's pipeline (pg-transaction.ts), one round trip for all
 * instead of one each. Unlike `Promise.all` it waits until every step has ended, so no step is
 * still sending statements while the unit is being undone (on SQLite such a statement would run
 * after the unit's rollback, in the transaction it shares with others). Then it fails with the
 * first failure that arrived, passing over those that only follow an earlier failed statement
 * (isAfterFailure): the cause is the one to report, whichever step met it.
 */
export async function together<T extends readonly unknown[] | []>(
  steps: T,
): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  const failures: unknown[] = [];
  const results = await Promise.all(
    (steps as readonly unknown[]).map((step) =>
      Promise.resolve(step).catch((error: unknown) => void failures.push(error)),
    ),
  );
  if (failures.length > 0) throw failures.find((e) => !isAfterFailure(e)) ?? failures[0];
  return results as { -readonly [P in keyof T]: Awaited<T[P]> };
}
