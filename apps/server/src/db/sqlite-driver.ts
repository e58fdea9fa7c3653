import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The major version of the Node running the server. */
export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/**
 * SQLite's driver for the Node at hand. better-sqlite3 13 is a Node-API module with binaries in
 * its package, loaded as it is by Node 22 and 24, and the only line that is safe on Node 24: 12
 * wraps its objects the old way, and Node 24 aborts the process when the garbage collector
 * finalizes a statement. 13 crashes on Node 20, so there the shop uses 12, compiled for that Node
 * when it is installed (an optional dependency: where it cannot compile, Node 20 is not in use).
 */
export const SQLite: typeof BetterSqlite3 =
  NODE_MAJOR >= 22
    ? (require('better-sqlite3') as typeof BetterSqlite3)
    : (require('better-sqlite3-node20') as typeof BetterSqlite3);
