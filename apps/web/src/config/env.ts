import type { ShopIds } from '@courtside/shop';
import { idsFromEnv } from './env-ids';

/**
 * Where the backend is and what its ids are. Defaults are same-origin (the backend serves the
 * app, and Vite proxies /v1 in development) and the ids every part of Courtside shares.
 */
const env = import.meta.env;

/** The backend's address when configured apart from the page's (VITE_APPWRITE_ENDPOINT). */
export const configuredEndpoint: string | undefined = env.VITE_APPWRITE_ENDPOINT;

export const endpoint: string =
  configuredEndpoint ??
  (typeof window !== 'undefined' ? `${window.location.origin}/v1` : 'http://localhost:3000/v1');

/**
 * The label that makes a user the owner as the server serving the page names it (ADMIN_LABEL, in
 * a `courtside-admin-label` meta tag), so one build serves any owner's label.
 */
function servedAdminLabel(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="courtside-admin-label"]');
  return meta?.content || undefined;
}

export const ids: Readonly<ShopIds> = idsFromEnv(env, servedAdminLabel());
