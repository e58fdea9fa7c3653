import type { Database } from '../../db/database.js';
import { keyCaller, type Caller } from '../../protocol/caller.js';
import { AppError } from '../../protocol/errors.js';
import type { Clock } from '../../tools/clock.js';
import type { BackendModule } from '../module.js';
import { keyMigrations } from './migrations.js';
import { findWorkingKey, touchKey } from './store.js';

export interface KeysService {
  /**
   * The caller an X-Appwrite-Key stands for. An unknown or revoked key is refused (401), where
   * 1.4 would quietly treat the request as a guest's (docs/protocol.md §1.6).
   */
  authenticate(secret: string): Promise<Caller>;
}

/** API keys: made, listed and revoked by `npm run admin -- key ...`, checked per request. */
export const keysModule: BackendModule<{ db: Database; clock: Clock }, KeysService> = {
  name: 'keys',
  migrations: keyMigrations,
  async create({ db, clock }) {
    return {
      service: {
        async authenticate(secret) {
          const key = await findWorkingKey(db, secret);
          if (!key) {
            throw new AppError('user_unauthorized', 'The API key is unknown or has been revoked.');
          }
          await touchKey(db, key, clock.now());
          return keyCaller({ id: key.id, name: key.name, scopes: key.scopes });
        },
      },
      routes: async () => undefined,
      close: async () => undefined,
    };
  },
};
