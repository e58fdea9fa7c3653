/**
 * `npm run bench -- <name> [args]`: runs bench/<name>.ts, whose default export is
 * `(args: string[]) => Promise<void>` and prints its own medians and ratios.
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.slice(0, -3));

const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|') || 'name'}> [args]`);
  process.exit(2);
}
const mod = (await import(pathToFileURL(`${here}/${name}.ts`).href)) as {
  default: (args: string[]) => Promise<void>;
};
await mod.default(args);
