import { buildApp } from '../app.js';
import { ConfigError, loadConfig, prepareDataDir, readDotEnv } from '../config.js';
import { describeSeed } from '../shop/seed/seed.js';

/**
 * `npm run seed`: adds whatever of the demo shop is missing (products by title, the shop's
 * pictures by id, the demo customer and their orders), on the configured DATA_DIR / DATABASE_URL.
 */
async function main(): Promise<number> {
  let config;
  try {
    readDotEnv();
    config = loadConfig({
      ...process.env,
      SEED_DEMO: 'off',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  prepareDataDir(config.dataDir);
  const app = await buildApp(config);
  try {
    if (!app.shop) {
      console.error('SCHEMA_FILE replaces the shop schema: there is no shop to seed.');
      return 2;
    }
    const result = await app.shop.seed();
    await app.shop.idle();
    console.log(describeSeed(result, config.publicUrl.href));
    return 0;
  } finally {
    await app.server.close();
  }
}

/** `courtside seed`: the exit code; a failure is said on stderr. */
export function seedCommand(): Promise<number> {
  return main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  });
}
