import type { Selectable } from 'kysely';
import { toIso } from '../../../tools/dates.js';
import { perTurn } from '../../../tools/per-turn.js';
import { accountDb, type AccountDeps } from '../context.js';
import type { UsersTable } from '../tables.js';

/** A live session's user, with the session's id. */
export type SessionUser = Selectable<UsersTable> & { session_id: string };

/** A session asked for by its user and either its secret's hash (a token) or its id (a JWT). */
export interface SessionQuery {
  userId: string;
  secretHash?: string;
  id?: string;
}

type Lookup = (query: SessionQuery) => Promise<SessionUser | undefined>;

const lookups = new WeakMap<AccountDeps, Lookup>();

/**
 * The live session (not deleted, not expired) a request carries, with its user, as the database
 * holds them now. Every signed-in request asks this first, so the requests that arrive in one
 * turn of the event loop share one statement (tools/per-turn.ts): each is still read after its
 * request arrived, so a sign-out, a block or a label committed before the request was sent is
 * seen, by any process, exactly as one statement per request would see it.
 */
export function liveSession(
  deps: AccountDeps,
  query: SessionQuery,
): Promise<SessionUser | undefined> {
  let lookup = lookups.get(deps);
  if (!lookup) {
    lookup = perTurn(async (queries: readonly SessionQuery[]) => {
      const rows = await readSessions(deps, queries);
      return queries.map((q) => rows.find((row) => matches(row, q)));
    });
    lookups.set(deps, lookup);
  }
  return lookup(query);
}

/** A row answers a query only for the same user and the very secret or id asked for. */
function matches(row: SessionUser & { session_secret_hash: string }, q: SessionQuery): boolean {
  if (row.id !== q.userId) return false;
  if (q.id !== undefined && row.session_id !== q.id) return false;
  if (q.secretHash !== undefined && row.session_secret_hash !== q.secretHash) return false;
  return q.id !== undefined || q.secretHash !== undefined;
}

/**
 * One statement for all: by (user, secret hash) through the unique index on the two, by id
 * through the primary key. It may return a row that no query asked for as a pair (one user's id
 * with another's hash); `matches` keeps only the exact pairs.
 */
function readSessions(deps: AccountDeps, queries: readonly SessionQuery[]) {
  const byToken = queries.filter((q) => q.secretHash !== undefined);
  const byId = queries.filter((q) => q.id !== undefined);
  const unique = (values: string[]) => [...new Set(values)];
  return accountDb(deps)
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.secret_hash as session_secret_hash'])
    .where('sessions.expire', '>', toIso(deps.clock.now()))
    .where((eb) => {
      const either = [];
      if (byToken.length > 0) {
        either.push(
          eb.and([
            eb('sessions.user_id', 'in', unique(byToken.map((q) => q.userId))),
            eb('sessions.secret_hash', 'in', unique(byToken.map((q) => q.secretHash!))),
          ]),
        );
      }
      if (byId.length > 0) either.push(eb('sessions.id', 'in', unique(byId.map((q) => q.id!))));
      return eb.or(either);
    })
    .execute();
}
