import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Every test project of the repository. `npm run test:unit` and `npm run test:integration`
 * pick projects by name; the server's integration suite runs once per database.
 */
const sdkInNode = {
  // The official SDK runs in Node with the platform's fetch and FormData (docs/protocol.md §10.6).
  'cross-fetch': resolve('apps/server/test/support/native-fetch.ts'),
  'isomorphic-form-data': resolve('apps/server/test/support/native-form-data.ts'),
};

const serverProject = (name: string, include: string[], env: Record<string, string> = {}) => ({
  resolve: { conditions: ['source'], alias: sdkInNode },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name,
    root: resolve('apps/server'),
    include,
    env,
    environment: 'node',
    setupFiles: [resolve('apps/server/test/support/setup.ts')],
    server: { deps: { inline: ['appwrite'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'shop', root: resolve('packages/shop'), include: ['test/**/*.test.ts'] },
      },
      {
        // Rules about the repository itself (the web app's layers, as ESLint enforces them).
        test: { name: 'house', root: resolve('.'), include: ['test/**/*.test.ts'] },
      },
      resolve('apps/web/vite.config.ts'),
      serverProject('server-unit', ['test/unit/**/*.test.ts']),
      serverProject('server-sqlite', ['test/integration/**/*.test.ts'], { TEST_DB: 'sqlite' }),
      serverProject('server-postgres', ['test/integration/**/*.test.ts'], { TEST_DB: 'postgres' }),
    ],
  },
});
