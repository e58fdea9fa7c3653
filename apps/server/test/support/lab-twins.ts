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
