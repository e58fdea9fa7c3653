import { test as base } from '@playwright/test';
import { startShopServer, type ShopServer } from './server.js';

/** How long a server of a worker's own may take to start and seed. */
export const SERVER_START_TIMEOUT = 180_000;

/**
 * `shop`: a server of this worker's own (so journeys never see each other's data), and the
 * page's baseURL pointing at it.
 */
export const test = base.extend<object, { shop: ShopServer }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startShopServer();
      await use(server);
      await server.stop();
    },
    // A copy of the run's demo shop starts fast; a seed of its own (no template) takes a while.
    { scope: 'worker', timeout: SERVER_START_TIMEOUT },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
});

export { expect } from '@playwright/test';

let n = 0;
export const newEmail = (prefix = 'shopper') =>
  `${prefix}.${process.pid}.${Date.now().toString(36)}.${n++}@example.com`;
