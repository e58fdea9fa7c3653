import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Every test project of the repository. `npm run test:unit` and `npm run test:integration`
 * pick projects by name; the server's integration suite runs once per database, and its
 * storage part once more with the files in S3.
 */
const sdkInNode = {
  // The official SDK runs in Node with the platform's fetch and FormData (docs/protocol.md §10.6).
  'cross-fetch': resolve('apps/server/test/support/native-fetch.ts'),
  'isomorphic-form-data': resolve('apps/server/test/support/native-form-data.ts'),
};

const serverProject = (
  name: string,
  include: string[],
  env: Record<string, string> = {},
  more: { exclude?: string[]; globalSetup?: string[] } = {},
) => ({
  resolve: { conditions: ['source'], alias: sdkInNode },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name,
    root: resolve('apps/server'),
    include,
    ...more,
    env,
    environment: 'node',
    setupFiles: [resolve('apps/server/test/support/setup.ts')],
    server: { deps: { inline: ['appwrite'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The server's files share one worker's modules: each test file builds its own app, database
    // and data folder, so nothing carries over, and the server is imported once per worker rather
    // than once per file (the suite's largest cost, about two thirds of its time).
    isolate: false,
  },
});

/** Tests of what only an S3 bucket has (a bucket shared by servers on separate disks). */
const s3Only = { exclude: ['test/integration/storage-s3-*.test.ts'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'shop', root: resolve('packages/shop'), include: ['test/**/*.test.ts'] },
      },
      {
        // Rules about the repository itself (the web app's layers, as ESLint enforces them).
        // ESLint runs inside these tests: seconds each, more on a busy machine.
        test: {
          name: 'house',
          root: resolve('.'),
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      resolve('apps/web/vite.config.ts'),
      serverProject('server-unit', ['test/unit/**/*.test.ts']),
      serverProject(
        'server-sqlite',
        ['test/integration/**/*.test.ts'],
        { TEST_DB: 'sqlite' },
        s3Only,
      ),
      serverProject(
        'server-postgres',
        ['test/integration/**/*.test.ts'],
        { TEST_DB: 'postgres' },
        s3Only,
      ),
      // The storage suite and backups again, with the files in an S3 bucket (s3rver) on SQLite,
      // but for what no store changes: the render load test, and two processes on one DATA_DIR
      // (storage-s3-shared.test.ts has them on separate disks).
      serverProject(
        'server-s3',
        ['test/integration/storage-*.test.ts', 'test/integration/backup-restore.test.ts'],
        { TEST_DB: 'sqlite', TEST_BLOBS: 's3' },
        {
          exclude: [
            'test/integration/storage-preview-load.test.ts',
            'test/integration/storage-two-processes.test.ts',
          ],
          globalSetup: [resolve('apps/server/test/support/s3-global.ts')],
        },
      ),
    ],
  },
});
