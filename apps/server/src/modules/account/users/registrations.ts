import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { accountDb, type AccountDeps } from '../context.js';
import type { AccountTables } from '../tables.js';

/**
 * Who registered when, for the shop's figures (docs/decisions.md D7): users who do not carry
 * `excludingLabel` (the owner and other admins are not customers), by registration time.
 */
const registrations = (deps: AccountDeps, excludingLabel: string) =>
  accountDb(deps)
    .selectFrom('users')
    .where('labels', 'not like', `%${JSON.stringify(excludingLabel)}%`);

/** How many registered in [from, to) (ISO times). */
export async function countRegistrations(
  deps: AccountDeps,
  q: { from: string; to: string; excludingLabel: string },
): Promise<number> {
  const row = await registrations(deps, q.excludingLabel)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('registration', '>=', q.from)
    .where('registration', '<', q.to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Registrations per UTC hour (`YYYY-MM-DDTHH`), all of them or from `since` on. */
export async function registrationsByHour(
  deps: AccountDeps,
  q: { since: string | null; excludingLabel: string },
): Promise<{ hour: string; n: number }[]> {
  const rows = await registrations(deps, q.excludingLabel)
    .select((eb) => [sql<string>`substr(registration, 1, 13)`.as('hour'), eb.fn.countAll().as('n')])
    .$if(q.since !== null, (b) => b.where('registration', '>=', q.since!))
    .groupBy(sql`substr(registration, 1, 13)`)
    .execute();
  return rows.map((r) => ({ hour: r.hour, n: Number(r.n) }));
}

/**
 * The e-mail of the first account (by registration) that carries `label`, if any has one; read
 * through `k` when given (a transaction of the caller's).
 */
export async function firstEmailWithLabel(
  deps: AccountDeps,
  label: string,
  k?: Executor,
): Promise<string | null> {
  const db: Kysely<AccountTables> = k ? k.withTables<AccountTables>() : accountDb(deps);
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('labels', 'like', `%${JSON.stringify(label)}%`)
    .where('email', 'is not', null)
    .orderBy('registration')
    .executeTakeFirst();
  return row?.email ?? null;
}
