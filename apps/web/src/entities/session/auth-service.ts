import { ID, type Models } from 'appwrite';
import type { ShopUser } from '@courtside/shop';
import { account } from '../../lib/appwrite';

/** The fields of the account the shop reads (docs/shop.md §7, Auth). */
export function toShopUser(u: Models.User<Models.Preferences>): ShopUser {
  return {
    $id: u.$id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    labels: u.labels,
    prefs: u.prefs,
  };
}

/** Logs in; errors are rethrown so the form can show the server's message (docs/shop.md §8). */
export async function login(email: string, password: string): Promise<void> {
  await account.createEmailSession(email, password);
}

/** Creates the account, then logs straight in with the same e-mail and password. */
export async function createAccount(input: { name: string; email: string; password: string }) {
  await account.create(ID.unique(), input.email, input.password, input.name);
  await login(input.email, input.password);
}

/** The signed-in user, or null: a failed lookup yields no user. */
export async function getCurrentUser(): Promise<ShopUser | null> {
  try {
    return toShopUser(await account.get());
  } catch {
    return null;
  }
}

/** Ends this device's session; a failure (already signed out, offline) is not the user's problem. */
export async function logoutCurrent(): Promise<void> {
  try {
    await account.deleteSession('current');
  } catch {
    /* the session is gone either way as far as this browser is concerned */
  }
}

/** Sends the recovery e-mail; its link comes back to `resetUrl` with userId, secret and expire. */
export async function requestPasswordReset(email: string, resetUrl: string): Promise<void> {
  await account.createRecovery(email, resetUrl);
}

/** Completes the recovery with the link's userId and secret. */
export async function completePasswordReset(
  userId: string,
  secret: string,
  password: string,
): Promise<void> {
  await account.updateRecovery(userId, secret, password, password);
}
