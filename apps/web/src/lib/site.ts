/** The shop's address as the visitor sees it: the page's origin, or, on the server, the request's. */
let serverOrigin = 'http://localhost:3000';

/** For entry-server.tsx: the origin of the request being rendered. */
export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

/** An absolute link to a page of the shop (shared in messages: WhatsApp's "Ask"). */
export const siteUrl = (path: string): string =>
  `${typeof window !== 'undefined' ? window.location.origin : serverOrigin}${path}`;
