import { DEFAULT_HASH_BOUNDS } from '../../src/config-passwords.js';
import { passwordPool } from '../../src/modules/account/index.js';

/**
 * The password threads of tests that build the account store without a server (unit tests, the
 * fake shop): one pool for the whole test process, its threads ended when idle.
 */
export const testPasswords = passwordPool({
  bounds: DEFAULT_HASH_BOUNDS,
  threads: 2,
  checkTimeoutMs: 10_000,
});
