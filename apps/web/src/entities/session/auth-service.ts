import type { Models } from 'appwrite';
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

/** When a sign-in worked but the account could not be read back right after. */
export const SIGNED_IN_BUT_NO_ACCOUNT =
  'Signed in, but the account could not be loaded. Please try again.';

/** The signed-in user, or null: a failed lookup yields no user. */
export async function getCurrentUser(): Promise<ShopUser | null> {
  try {
    return toShopUser(await account.get());
  } catch {
    return null;
  }
}
