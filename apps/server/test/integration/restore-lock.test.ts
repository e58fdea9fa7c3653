import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupShop } from '../../src/backup/backup.js';
import { restoreShop } from '../../src/backup/restore.js';
import { sdkUser, signedInUser } from '../support/sdk.js';
import { spawnServer, type ServerProcess } from '../support/server-process.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { cartLine, ids, order, OWNER, product } from '../support/shop.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const onPostgres = process.env.TEST_DB === 'postgres';

/** A restore of `archive` held just before it replaces anything, until `release` is called. */
async function heldRestore(server: TestServer, archive: string) {
  let reached!: () => void;
  const midway = new Promise<void>((done) => (reached = done));
  let release!: () => void;
  const gate = new Promise<void>((done) => (release = done));
  const done = restoreShop(server.app.config, archive, {
    midway: async () => {
      reached();
      await gate;
    },
  });
  await Promise.race([midway, done]);
  return { release, done };
}

/**
 * A server process on the test server's data. On PostgreSQL it has a DATA_DIR of its own, as on
 * another machine: only the database's advisory lock tells it of the restore.
 */
function otherServer(server: TestServer, env: Record<string, string> = {}) {
  const ownDisk = onPostgres ? mkdtempSync(join(tmpdir(), 'restore-lock-')) : null;
  const config = server.app.config;
  let origin = '';
  let output = () => '';
  const started = spawnServer(
    {
      DATA_DIR: ownDisk ?? server.dataDir,
      ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      SEED_DEMO: 'off',
      WEB_DIR: join(server.dataDir, 'no-web'),
      ...env,
    },
    { onStart: (o, out) => ((origin = o), (output = out)) },
  );
  let ready = false;
  void started.then(
    () => (ready = true),
    () => undefined,
  );
  return {
    started,
    origin: () => origin,
    output: () => output(),
    ready: () => ready,
    async close(p?: ServerProcess) {
      await p?.close();
      if (ownDisk) rmSync(ownDisk, { recursive: true, force: true });
    },
  };
}

const anOrder = (userId: string, email: string, shoe: object) =>
  order(userId, [cartLine(shoe)], 15_000, { email });

describe('a restore and a server started during it (issue 40)', () => {
  let server: TestServer;
  let archive: string;
  let shoe: object;
  beforeAll(async () => {
    server = await startTestServer({
      env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
    });
    const owner = sdkUser(server);
    await owner.account.createEmailSession(OWNER.email, OWNER.password);
    // The shoe is in the backup: a customer orders it from the restored shop.
    shoe = await owner.databases.createDocument(ids.database, ids.products, ID.unique(), product());
    archive = join(server.dataDir, 'backups', 'shop.tar.gz');
    await backupShop(server.app.config, archive);
    await server.app.server.close();
  });
  afterAll(() => server?.close());

  it('waits for the restore before it takes an order, and the order survives a restart', async () => {
    const restore = await heldRestore(server, archive);
    const other = otherServer(server);
    try {
      // It says why it waits (once it has loaded, seconds on a busy machine), and waits.
      for (let i = 0; i < 300 && !/under way: waiting/.test(other.output()); i++) await sleep(100);
      expect(other.output()).toMatch(/a restore of the shop is under way: waiting/);
      await sleep(1500);
      // Not listening: an order sent now cannot be taken.
      expect(other.ready()).toBe(false);
      const sent = await fetch(`${other.origin()}/v1/databases/shop/collections/orders/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'courtside' },
        body: JSON.stringify({
          documentId: 'unique()',
          data: anOrder('someone', 'a@example.pk', shoe),
        }),
      }).then(
        (r) => r.status,
        (e: Error & { cause?: { code?: string } }) => e.cause?.code,
      );
      expect(sent).toBe('ECONNREFUSED');
    } finally {
      restore.release();
      await restore.done;
    }
    const started = await other.started;
    let ayesha, placed;
    try {
      ayesha = await signedInUser({ endpoint: started.endpoint }, 'Ayesha');
      placed = await ayesha.databases.createDocument(
        ids.database,
        ids.orders,
        ID.unique(),
        anOrder(ayesha.me.$id, ayesha.email, shoe),
      );
    } finally {
      await other.close(started);
    }

    server = await server.restart();
    try {
      const again = sdkUser(server);
      await again.account.createEmailSession(ayesha.email, ayesha.password);
      const kept = await again.databases.getDocument(ids.database, ids.orders, placed.$id);
      expect([kept.$id, kept.user_id]).toEqual([placed.$id, ayesha.me.$id]);
    } finally {
      await server.app.server.close();
    }
  }, 60_000);

  it('refuses to start, saying why, when the restore outlasts RESTORE_WAIT_SECONDS', async () => {
    const restore = await heldRestore(server, archive);
    const other = otherServer(server, { RESTORE_WAIT_SECONDS: '1' });
    try {
      await expect(other.started).rejects.toThrow(
        /A restore of the shop is under way \(.+\); this server waited 1 s \(RESTORE_WAIT_SECONDS\) and does not start/,
      );
    } finally {
      restore.release();
      await restore.done;
      await other.close();
    }
  }, 60_000);

  it('refuses a second restore while one is under way', async () => {
    const restore = await heldRestore(server, archive);
    try {
      await expect(restoreShop(server.app.config, archive)).rejects.toThrow(
        new RegExp(`Another restore is under way \\(pid ${process.pid} on .+\\)`),
      );
    } finally {
      restore.release();
      await restore.done;
    }
  });

  it.runIf(onPostgres)(
    'refuses to restore while a server of another machine runs on the database',
    async () => {
      const other = otherServer(server);
      const started = await other.started;
      try {
        await expect(restoreShop(server.app.config, archive)).rejects.toThrow(
          /The shop is running on this database \(courtside server \(backend \d+.*\)\): stop every server, on every machine/,
        );
      } finally {
        await other.close(started);
      }
      // Once it has stopped, the restore goes ahead.
      await restoreShop(server.app.config, archive);
      server = await server.restart();
    },
    60_000,
  );
});
