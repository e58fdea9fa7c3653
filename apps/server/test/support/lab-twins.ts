import { afterAll, beforeAll } from 'vitest';
import { labSchemaFile } from './lab-schema.js';
import { signedInUser } from './sdk.js';
import { startTestServer } from './server.js';

/**
 * A server on the lab schema and a second server process on the same database (what one process
 * keeps must follow the other's writes), with a signed-in user of the first.
 */
export async function labTwins() {
  const server = await startTestServer({ env: { SCHEMA_FILE: labSchemaFile() } });
  const twin = await server.twin({ env: { SCHEMA_FILE: labSchemaFile() } });
  const user = await signedInUser(server);
  return {
    server,
    twin,
    user,
    async close() {
      await twin.close();
      await server.close();
    },
  };
}

/**
 * Lab twins for one test file: started before its tests with `count` items (ids `${prefix}0`...,
 * titles "`${title}` 0"..., n the same number), closed after them.
 */
export function useLabTwins(prefix: string, title: string, count: number) {
  const lab = {} as Awaited<ReturnType<typeof labTwins>>;
  beforeAll(async () => {
    Object.assign(lab, await labTwins());
    for (let i = 0; i < count; i++) {
      const data = { title: `${title} ${i}`, n: i };
      await lab.user.databases.createDocument('lab', 'items', `${prefix}${i}`, data);
    }
  });
  afterAll(() => lab.close?.());
  return lab;
}
