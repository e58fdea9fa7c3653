import { AsyncLocalStorage } from 'node:async_hooks';
import { WebSocket } from 'ws';

/**
 * What a browser gives the SDK for free (docs/protocol.md §10.6): a `window` with `localStorage`,
 * so sessions travel in X-Fallback-Cookies, and a global WebSocket for `client.subscribe`. Each
 * test client has its own storage, chosen by async context (see sdk.ts).
 */
export const clientStorage = new AsyncLocalStorage<Map<string, string>>();

const storage = {
  getItem: (key: string) => clientStorage.getStore()?.get(key) ?? null,
  setItem: (key: string, value: string) => void clientStorage.getStore()?.set(key, String(value)),
  removeItem: (key: string) => void clientStorage.getStore()?.delete(key),
};

const g = globalThis as Record<string, unknown>;
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
