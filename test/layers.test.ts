import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The web app's layers, as ESLint enforces them (eslint-rules/web-layers.js, docs/architecture.md). */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('the web app in layers', () => {
  it('refuses a layer importing from one above it', async () => {
    for (const [file, from, message] of [
      ['apps/web/src/lib/example.ts', '../features/cart/CartPage', 'lib/ is below features/'],
      ['apps/web/src/config/example.ts', '../app/store', 'config/ is below app/'],
      ['apps/web/src/lib/example.ts', '../entities/cart/cart-slice', 'lib/ is below entities/'],
      [
        'apps/web/src/components/ui/Example.tsx',
        '../../entities/product/products-api',
        'components/ is below entities/',
      ],
      [
        'apps/web/src/entities/cart/example.ts',
        '../../features/checkout/place-order',
        'entities/ is below features/',
      ],
      ['apps/web/src/features/home/Example.tsx', '../../app/store', 'features/ is below app/'],
      ['apps/web/src/entities/cart/example.ts', '../../app/persist', 'entities/ is below app/'],
    ] as const) {
      expect(await problems(file, importing(from)), `${file} importing ${from}`).toEqual([
        expect.stringContaining(`courtside/web-layers: ${message}`),
      ]);
    }
  });

  it('refuses a feature importing another feature, by any path', async () => {
    for (const from of ['../cart/CartPage', '../../features/cart/CartPage', '../cart']) {
      expect(await problems('apps/web/src/features/checkout/Example.tsx', importing(from))).toEqual(
        [
          expect.stringContaining(
            'courtside/web-layers: features/checkout may not import features/cart',
          ),
        ],
      );
    }
    expect(
      await problems(
        'apps/web/src/features/checkout/Example.tsx',
        "export { x } from '../cart/CartPage';\nexport const load = () => import('../cart/CartPage');\n",
      ),
    ).toHaveLength(2);
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
