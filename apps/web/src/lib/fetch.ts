/**
 * The browser's own fetch, standing in for the SDK's cross-fetch polyfill in the build. When the
 * server renders a page (entry-server.tsx) it hands in its own way of reaching the API.
 */
let apiFetch: typeof globalThis.fetch | null = null;

export function setApiFetch(f: typeof globalThis.fetch): void {
  apiFetch = f;
}

export const fetch: typeof globalThis.fetch = (...args) => (apiFetch ?? globalThis.fetch)(...args);
export default fetch;
