import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Function length, as ESLint keeps it (eslint.config.js): 100 lines, 80 for the composition root. */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

const fn = (lines: number) =>
  `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;

async function rules(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

describe('function length', () => {
  it('refuses a function over 100 lines in the server or the web app, not one of 100', async () => {
    for (const file of ['apps/server/src/example.ts', 'apps/web/src/lib/example.ts']) {
      expect(await rules(file, fn(101))).toEqual(['max-lines-per-function']);
      expect(await rules(file, fn(100))).toEqual([]);
    }
  });

  it('holds the composition root to 80', async () => {
    expect(await rules('apps/server/src/app.ts', fn(81))).toEqual(['max-lines-per-function']);
    expect(await rules('apps/server/src/app.ts', fn(80))).toEqual([]);
  });
});
