import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestDatabase } from '../support/databases.js';
import { spawnServer } from '../support/server-process.js';

/**
 * `npm start` on a first run, as an owner sees it in the terminal: the demo shop is made (images
 * through sharp, passwords through argon2, the database's driver) and the server answers, with
 * nothing on stderr: no warning, no deprecation, on whichever Node runs the suite (npm test runs
 * it on every supported version).
 */
describe(`a first start on Node ${process.versions.node}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'start-clean-'));
  let pg: TestDatabase | null = null;
  afterAll(async () => {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo shop, serves it and stops, printing nothing on stderr', async () => {
    if (process.env.TEST_DB === 'postgres') pg = await createPostgresDatabase();
    // A first start seeds 32 products with their pictures: a while on a busy machine.
    const server = await spawnServer(
      { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) },
      { startTimeoutMs: 150_000 },
    );
    try {
      const home = await fetch(`${server.origin}/`);
      expect(home.status).toBe(200);
      const list = await fetch(
        `${server.endpoint}/databases/shop/collections/products/documents?queries[]=limit(1)`,
        { headers: { 'X-Appwrite-Project': 'courtside' } },
      );
      expect(((await list.json()) as { total: number }).total).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
    expect(server.stderr()).toBe('');
  }, 200_000);
});
