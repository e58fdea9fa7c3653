import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { alive } from './running.js';

/**
 * What keeps a restore and a starting server apart (README, "Backing up and restoring the shop").
 * On every database, a restore holds DATA_DIR/restore.lock (made with O_EXCL, holding the host
 * and pid of the restore) for its whole run; a server marks DATA_DIR/running first and looks for
 * the lock then, while the restore takes the lock first and looks for marks then, so of a server
 * and a restore that start together at least one sees the other. On PostgreSQL the restore also
 * holds an exclusive session advisory lock on the database for its whole run and every server
 * the same lock shared for as long as it runs, which reaches the servers of other machines (with
 * DATA_DIRs of their own) too.
 */
export const RESTORE_LOCK = 'restore.lock';

/** The advisory lock's key (two int4s: "Crts" "rstr" in ASCII), one per database. */
const PG_KEY = [0x43727473, 0x72737472] as const;

export interface LockHolder {
  host: string;
  pid: number;
}

export const describeHolder = (h: LockHolder) => `pid ${h.pid} on ${h.host}`;

/**
 * The restore that holds DATA_DIR/restore.lock, or null. A lock left by a restore that died on
 * this machine is stale and removed; one of another machine (a shared DATA_DIR) or one that
 * cannot be read counts as held.
 */
export function restoreHolder(dataDir: string): LockHolder | null {
  const file = join(dataDir, RESTORE_LOCK);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const m = /^(\S+) (\d+)/.exec(text);
  // Empty while its restore writes it, or not ours: held.
  if (!m) return { host: 'an unknown host', pid: 0 };
  const holder = { host: m[1]!, pid: Number(m[2]) };
  if (holder.host !== hostname() || alive(holder.pid)) return holder;
  // Read again just before it goes, so a lock a new restore has just made is left (not atomic:
  // two restores started by hand at the same instant over a stale lock could both proceed).
  const now = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  })();
  if (now === text) rmSync(file, { force: true });
  return now === text || now === null ? null : restoreHolder(dataDir);
}

/** Takes DATA_DIR/restore.lock for this process (a stale one is taken over), or throws. */
export function takeRestoreLock(dataDir: string): () => void {
  const file = join(dataDir, RESTORE_LOCK);
  for (;;) {
    try {
      writeFileSync(file, `${hostname()} ${process.pid} ${new Date().toISOString()}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = restoreHolder(dataDir);
    if (holder) {
      throw new Error(
        `Another restore is under way (${describeHolder(holder)}). If none is, remove ${file} ` +
          'and run the restore again.',
      );
    }
  }
}

/** A session of its own holding the restore's advisory lock; `release` ends it. */
export interface PgRestoreLock {
  release(): Promise<void>;
}

async function lockSession(url: string, name: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: name });
  await client.connect();
  return client;
}

/** Who holds the advisory lock now, as PostgreSQL knows the sessions (for messages). */
async function lockHolders(client: pg.Client, mode: string): Promise<string> {
  const { rows } = await client.query<{ who: string }>(
    `select coalesce(nullif(a.application_name, ''), 'a session') || ' (backend ' || a.pid ||
       coalesce(' from ' || host(a.client_addr), '') || ')' as who
     from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.classid = $1 and l.objid = $2 and l.objsubid = 2
       and l.mode = $3 and l.granted and l.database = (select oid from pg_database where datname = current_database())`,
    [PG_KEY[0], PG_KEY[1], mode],
  );
  return rows.map((r) => r.who).join(', ') || 'a session that has just ended';
}

/**
 * The restore's exclusive hold on the database, or an error naming the servers that use it
 * (from any machine): they hold the lock shared while they run.
 */
export async function takePgRestoreLock(url: string): Promise<PgRestoreLock> {
  const client = await lockSession(url, 'courtside restore');
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1, $2) as ok',
      [PG_KEY[0], PG_KEY[1]],
    );
    if (!rows[0]?.ok) {
      const who = await lockHolders(client, 'ShareLock');
      throw new Error(
        `The shop is running on this database (${who}): stop every server, on every machine, ` +
          'before restoring.',
      );
    }
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  // Ending the session releases the lock.
  return { release: () => client.end().catch(() => undefined) };
}

/**
 * A server's shared hold on the database, on a session of its own kept for as long as the server
 * runs, or the restore that holds it exclusively (a string naming it) and no session.
 */
export async function takePgServerLock(
  url: string,
  onLost: (err: Error) => void,
): Promise<PgRestoreLock | string> {
  const client = await lockSession(url, 'courtside server');
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock_shared($1, $2) as ok',
      [PG_KEY[0], PG_KEY[1]],
    );
    if (!rows[0]?.ok) {
      const who = await lockHolders(client, 'ExclusiveLock');
      await client.end();
      return who;
    }
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  client.on('error', onLost);
  return { release: () => client.end().catch(() => undefined) };
}
