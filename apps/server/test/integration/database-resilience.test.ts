import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL } from '../support/databases.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('the database connection', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it.runIf(process.env.TEST_DB === 'postgres')(
    'survives PostgreSQL cutting every idle connection (restart, failover)',
    async () => {
      server = await startTestServer();
      const email = uniqueEmail();
      await sdkUser(server).account.create('unique()', email, 'password-123', 'Zara');
      const name = new URL(
        server.app.config.database.kind === 'postgres' ? server.app.config.database.url : '',
      ).pathname.slice(1);
      // One connection is checked out, inside a transaction, when the cut comes.
      let cutDone: () => void = () => undefined;
      const cutSeen = new Promise<void>((r) => (cutDone = r));
      const inFlight = server.app.db.kysely
        .transaction()
        .execute(async (trx) => {
          await sql`SELECT 1`.execute(trx);
          await cutSeen;
          await sql`SELECT 1`.execute(trx);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      await new Promise((r) => setTimeout(r, 50));
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      try {
        const cut = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        expect(cut.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await new Promise((r) => setTimeout(r, 200));
      cutDone();
      expect(await inFlight).toBe('failed');
      const zara = sdkUser(server);
      await zara.account.createEmailSession(email, 'password-123');
      expect((await zara.account.get()).name).toBe('Zara');
    },
  );
});
