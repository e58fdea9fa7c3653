import { Account, Client, Databases, Health, Storage, Users } from 'node-appwrite';
import { createKey } from '../../src/modules/keys/index.js';
import type { KeyScope } from '../../src/protocol/scopes.js';
import { PROJECT, type TestServer } from './server.js';

/**
 * Appwrite's server SDK, node-appwrite 11.1 (the one for 1.4), as a script on the owner's side
 * uses it: endpoint, project and an API key.
 */
export function serverSdk(server: Pick<TestServer, 'endpoint'>, key: string) {
  const client = new Client().setEndpoint(server.endpoint).setProject(PROJECT).setKey(key);
  return {
    client,
    users: new Users(client),
    databases: new Databases(client),
    storage: new Storage(client),
    health: new Health(client),
    account: new Account(client),
  };
}

export type ServerSdk = ReturnType<typeof serverSdk>;

/** A fresh API key of the test server's shop, as `npm run admin -- key create` makes one. */
export async function apiKey(
  server: Pick<TestServer, 'app'>,
  scopes: readonly KeyScope[],
  name = 'test script',
): Promise<{ id: string; secret: string }> {
  const { key, secret } = await createKey(server.app.db, { name, scopes }, new Date());
  return { id: key.id, secret };
}

/** node-appwrite with a new key holding these scopes. */
export async function keyedSdk(server: Pick<TestServer, 'app' | 'endpoint'>, scopes: KeyScope[]) {
  return serverSdk(server, (await apiKey(server, scopes)).secret);
}
