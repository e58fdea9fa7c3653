import {
  Account,
  Client,
  Databases,
  Storage,
  type Models,
  type RealtimeResponseEvent,
} from 'appwrite';
import { clientStorage } from './setup.js';
import { PROJECT, type TestServer } from './server.js';

/**
 * The official SDK 13.0.2 as a test's user: each client keeps its own fallback-cookie jar,
 * exactly as one browser keeps its localStorage, so several users can act at once.
 */
class JarClient extends Client {
  readonly jar = new Map<string, string>();

  override call(...args: Parameters<Client['call']>): ReturnType<Client['call']> {
    return clientStorage.run(this.jar, () => super.call(...args));
  }

  override subscribe<T>(
    channels: string | string[],
    callback: (payload: RealtimeResponseEvent<T>) => void,
  ): () => void {
    return clientStorage.run(this.jar, () => super.subscribe<T>(channels, callback));
  }
}

export interface SdkUser {
  client: JarClient;
  account: Account;
  databases: Databases;
  storage: Storage;
}

export function sdkUser(server: Pick<TestServer, 'endpoint'>, project = PROJECT): SdkUser {
  const client = new JarClient().setEndpoint(server.endpoint).setProject(project);
  return {
    client,
    account: new Account(client),
    databases: new Databases(client),
    storage: new Storage(client),
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${counter++}@example.com`;

/** Signs a new user up and in; returns the SDK user and the account. */
export async function signedInUser(
  server: Pick<TestServer, 'endpoint'>,
  name = 'Test User',
): Promise<SdkUser & { me: Models.User<Models.Preferences>; email: string; password: string }> {
  const user = sdkUser(server);
  const email = uniqueEmail();
  const password = 'correct horse battery';
  await user.account.create('unique()', email, password, name);
  await user.account.createEmailSession(email, password);
  return { ...user, me: await user.account.get(), email, password };
}

/** A guest as the web app makes one at checkout: an anonymous session, and its account. */
export async function guestUser(
  server: Pick<TestServer, 'endpoint'>,
): Promise<SdkUser & { me: Models.User<Models.Preferences> }> {
  const user = sdkUser(server);
  await user.account.createAnonymousSession();
  return { ...user, me: await user.account.get() };
}
