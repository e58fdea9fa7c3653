import { createContext, useContext } from 'react';

/**
 * The shop's address as the visitor sees it: the page's origin in the browser; on the server,
 * the request's, handed to each render (renders may overlap, so not a module variable).
 */
const SiteOrigin = createContext<string | null>(null);

export const SiteOriginProvider = SiteOrigin.Provider;

/** Absolute links to pages of the shop (shared in messages: WhatsApp's "Ask"). */
export function useSiteUrl(): (path: string) => string {
  const rendering = useContext(SiteOrigin);
  const origin = rendering ?? (typeof window !== 'undefined' ? window.location.origin : '');
  return (path) => `${origin}${path}`;
}
