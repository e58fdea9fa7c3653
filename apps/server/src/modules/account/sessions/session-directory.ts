import { userCaller, type Caller } from '../../../protocol/caller.js';
import type { CarriedToken } from '../../../protocol/session-token.js';
import { toIso } from '../../../tools/dates.js';
import { accountDb, type AccountDeps } from '../context.js';
import { toAccountModel, toCallerUser, type AccountModel } from '../models.js';
import { authenticate } from './sessions.js';
import { findUser } from '../users/users.js';

const CHUNK = 500;

/**
 * What a long-lived connection (the realtime socket) asks the account module: who a carried
 * token is, the Account model to greet them with, and, at every event, who a set of sessions
 * belong to now, so a logout, a block or a removed label counts at once.
 */
export function sessionDirectory(deps: AccountDeps) {
  return {
    callerOf: (carried: CarriedToken): Promise<Caller> => authenticate(deps, carried, null),
    async accountOf(userId: string): Promise<AccountModel | null> {
      const user = await findUser(deps, userId);
      return user ? toAccountModel(user) : null;
    },
    /** The live sessions among `sessionIds` (not deleted, not expired), each with its caller. */
    async callersOfSessions(sessionIds: readonly string[]): Promise<Map<string, Caller>> {
      const out = new Map<string, Caller>();
      const now = toIso(deps.clock.now());
      for (let i = 0; i < sessionIds.length; i += CHUNK) {
        const rows = await accountDb(deps)
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .selectAll('users')
          .select('sessions.id as session_id')
          .where('sessions.id', 'in', sessionIds.slice(i, i + CHUNK))
          .where('sessions.expire', '>', now)
          .execute();
        for (const row of rows) {
          out.set(row.session_id, userCaller(toCallerUser(row), row.session_id, null));
        }
      }
      return out;
    },
  };
}

export type SessionDirectory = ReturnType<typeof sessionDirectory>;
