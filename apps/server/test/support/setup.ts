import { AsyncLocalStorage } from 'node:async_hooks';
import { WebSocket } from 'ws';

const g = globalThis as Record<string, unknown>;

/**
 * One for the whole worker: this file runs again before every test file while the modules that
 * imported it stay loaded (the server projects share a worker's modules), so a second instance
 * would leave `window.localStorage` and sdk.ts reading different storages.
 */
export const clientStorage = (g.courtsideClientStorage ??= new AsyncLocalStorage<
  Map<string, string>
>()) as AsyncLocalStorage<Map<string, string>>;

/**
 * What a browser gives the SDK for free (docs/protocol.md §10.6): a `window` with `localStorage`,
 * so sessions travel in X-Fallback-Cookies, and a global WebSocket for `client.subscribe`. Each
 * test client has its own storage, chosen by async context (see sdk.ts).
 */
const storage = {
  getItem: (key: string) => clientStorage.getStore()?.get(key) ?? null,
  setItem: (key: string, value: string) => void clientStorage.getStore()?.set(key, String(value)),
  removeItem: (key: string) => void clientStorage.getStore()?.delete(key),
};

if (!g.window) {
  g.window = {
    localStorage: storage,
    console: { ...console, warn: () => undefined },
    setTimeout,
    clearTimeout,
  };
}
// `ws` on every Node: from Node 22 a global WebSocket of Node's own exists, but the helpers of
// realtime.ts read the SDK's socket as `ws` keeps it (the browser journeys cover Chromium's).
g.WebSocket = WebSocket;
