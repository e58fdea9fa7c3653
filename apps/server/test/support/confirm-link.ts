import type { Models } from 'appwrite';
import { CONFIRM_API_PATH } from '@courtside/shop';
import { PROJECT } from './server.js';
import type { ShopWorld } from './shop.js';

/**
 * The buyer's confirmation link (docs/shop.md, "The buyer confirms") as the web app's /confirm
 * page calls it, from client address `ip` (the server trusts the proxy in these tests).
 */
export async function confirmCall(
  w: ShopWorld,
  method: 'GET' | 'POST',
  params: Record<string, string>,
  ip = '203.0.113.50',
) {
  const url = new URL(`${w.server.endpoint}${CONFIRM_API_PATH}`);
  const headers: Record<string, string> = {
    'x-appwrite-project': PROJECT,
    'x-forwarded-for': ip,
  };
  let body: string | undefined;
  if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(params);
  }
  const res = await fetch(url, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The link's two parts for a placed order, as its buyer reads them. */
export const linkOf = (order: Models.Document) => ({
  order: order.$id,
  key: order.confirm_key as string,
});
