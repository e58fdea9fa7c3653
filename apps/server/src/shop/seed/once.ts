import type { Database } from '../../db/database.js';
import { readSetting, writeSetting } from '../../db/settings.js';

/**
 * Whether the demo shop was ever seeded into this database (or the shop already held data when
 * this was first asked): start-up seeds the demo only when it was not, so an owner who empties
 * the shop does not find the demo back after a restart. `npm run seed` ignores it.
 */
const KEY = 'shop.demo-seeded';

export async function demoSeeded(db: Database): Promise<boolean> {
  return (await readSetting(db, KEY)) !== null;
}

export async function markDemoSeeded(db: Database): Promise<void> {
  await writeSetting(db, KEY, new Date().toISOString());
}
