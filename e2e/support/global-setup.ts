import { rmSync } from 'node:fs';
import { DEMO_TEMPLATE_ENV, startShopServer } from './server.js';

/**
 * Seeds the demo shop once for the whole run (99 pictures take a while on a busy machine) and
 * leaves its stopped data directory as a template: every server a journey starts begins from a
 * copy of it, the same fresh demo shop a first start would make. Workers inherit the variable.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const template = await startShopServer();
  await template.halt();
  process.env[DEMO_TEMPLATE_ENV] = template.dataDir;
  return async () => rmSync(template.dataDir, { recursive: true, force: true });
}
