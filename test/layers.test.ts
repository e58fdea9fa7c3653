import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The web app's layers, as ESLint enforces them (eslint.config.js, docs/architecture.md). */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the web app in layers', () => {
  it('refuses lib/, config/ or components/ importing a feature or the app', async () => {
    for (const [file, from] of [
      ['apps/web/src/lib/example.ts', '../features/cart/cart-slice'],
      ['apps/web/src/config/example.ts', '../app/store'],
      ['apps/web/src/components/ui/Example.tsx', '../../features/catalog/products-api'],
    ] as const) {
      const found = await problems(file, `import { x } from '${from}';\nexport const y = x;\n`);
      expect(found, `${file} importing ${from}`).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*below features\/ and app\//),
      ]);
    }
  });

  it('lets them use their own layer and below, and features use them', async () => {
    expect(
      await problems(
        'apps/web/src/components/ui/Example.tsx',
        "import { x } from '../../lib/images';\nimport { y } from '@courtside/shop';\nexport const z = [x, y];\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'apps/web/src/features/home/Example.tsx',
        "import { x } from '../../components/ui/Island';\nimport { y } from '../../app/store';\nexport const z = [x, y];\n",
      ),
    ).toEqual([]);
  });
});
