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

/** The page's first session lookup, started ahead of the app's first render (app/boot.tsx). */
let early: Promise<ShopUser | null> | null = null;

/**
 * Asks who is signed in as soon as the app's code runs, before its first render: a page that
 * waits for the answer (checkout, the account area) then waits one render less on a phone.
 */
export function startSessionLookup(): void {
  early ??= getCurrentUser();
}

/** The lookup started ahead (`startSessionLookup`), taken once; else a new one. */
export function sessionLookup(): Promise<ShopUser | null> {
  const started = early;
  early = null;
  return started ?? getCurrentUser();
}
