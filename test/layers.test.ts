import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Both apps' layers and the ban on import circles, as `npm run lint` enforces them
 * (eslint.layers.js, docs/architecture.md). The files linted here are written in memory at real
 * paths, importing real files, as a newcomer's change would.
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
const refused = expect.stringContaining('boundaries/element-types: No rule allowing');

describe('the web app in layers', () => {
  it('refuses a layer importing from one above it', async () => {
    for (const [file, from] of [
      ['apps/web/src/lib/example.ts', '../features/cart/CartPage'],
      ['apps/web/src/config/example.ts', '../app/store'],
      ['apps/web/src/lib/example.ts', '../entities/cart/cart-slice'],
      ['apps/web/src/components/ui/Example.tsx', '../../entities/product/products-api'],
      ['apps/web/src/entities/cart/example.ts', '../../features/checkout/DeliveryDetails'],
      ['apps/web/src/features/home/Example.tsx', '../../app/store'],
      ['apps/web/src/entities/cart/example.ts', '../../app/persist'],
    ] as const) {
      expect(await problems(file, importing(from)), `${file} importing ${from}`).toEqual([refused]);
    }
  });

  it('refuses a feature importing another feature, by import, re-export or lazy import', async () => {
    const file = 'apps/web/src/features/checkout/Example.tsx';
    for (const from of ['../cart/CartPage', '../../features/cart/CartPage']) {
      expect(await problems(file, importing(from)), from).toEqual([refused]);
    }
    const code =
      "export { x } from '../cart/CartPage';\nexport const load = () => import('../cart/CartPage');\n";
    expect(await problems(file, code)).toEqual([refused, refused]);
  });

  it('lets each layer use its own and the ones below', async () => {
    for (const [file, from] of [
      ['apps/web/src/components/ui/Example.tsx', '../../lib/images'],
      ['apps/web/src/components/ui/Example.tsx', '../product/Price'],
      ['apps/web/src/entities/cart/example.ts', '../wishlist/wishlist-slice'],
      ['apps/web/src/entities/cart/example.ts', '../../components/ui/Button'],
      ['apps/web/src/features/home/Example.tsx', '../../entities/product/products-api'],
      ['apps/web/src/features/home/Example.tsx', './Banner'],
      ['apps/web/src/app/example.ts', '../features/cart/CartPage'],
      ['apps/web/src/main.tsx', './app/boot'],
      ['apps/web/src/lib/example.ts', '@courtside/shop'],
    ] as const) {
      expect(await problems(file, importing(from)), `${file} importing ${from}`).toEqual([]);
    }
  });
});

describe('the server in layers', () => {
  it('refuses a layer importing from one above it', async () => {
    for (const [file, from] of [
      ['apps/server/src/tools/example.ts', '../modules/mail/index.js'],
      ['apps/server/src/db/example.ts', '../protocol/errors.js'],
      ['apps/server/src/protocol/example.ts', '../db/database.js'],
      ['apps/server/src/query/example.ts', '../modules/databases/documents/store.js'],
      ['apps/server/src/modules/mail/example.ts', '../../http/pipeline.js'],
      ['apps/server/src/modules/mail/example.ts', '../../shop/order-mail.js'],
      ['apps/server/src/shop/example.ts', '../http/error-handler.js'],
      ['apps/server/src/http/example.ts', '../shop/index.js'],
      ['apps/server/src/shop/example.ts', '../app.js'],
    ] as const) {
      expect(await problems(file, importing(from)), `${file} importing ${from}`).toEqual([refused]);
    }
  });

  it('lets each layer use its own and the ones below', async () => {
    for (const [file, from] of [
      ['apps/server/src/app.ts', './http/api.js'],
      ['apps/server/src/cli/example.ts', '../shop/seed/seed.js'],
      ['apps/server/src/http/example.ts', '../modules/module.js'],
      ['apps/server/src/shop/example.ts', '../modules/databases/contract.js'],
      ['apps/server/src/modules/realtime/example.ts', '../account/index.js'],
      ['apps/server/src/modules/mail/example.ts', '../../protocol/errors.js'],
      ['apps/server/src/modules/mail/example.ts', '../../db/database.js'],
      ['apps/server/src/query/example.ts', '../protocol/queries.js'],
      ['apps/server/src/db/example.ts', '../tools/clock.js'],
    ] as const) {
      expect(await problems(file, importing(from)), `${file} importing ${from}`).toEqual([]);
    }
  });
});

describe('no import circles', () => {
  it('refuses a file importing one that imports it back', async () => {
    // db/database.ts imports db/closing.ts; closing.ts importing database.ts would close a circle.
    expect(
      await problems(
        'apps/server/src/db/closing.ts',
        "import { openDatabase } from './database.js';\nexport const x = openDatabase;\n",
      ),
    ).toEqual([expect.stringContaining('import-x/no-cycle')]);
  });
});
