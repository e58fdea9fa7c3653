import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNeeded, inputsFingerprint, OUTPUTS, STAMP } from '../tools/build-if-stale.mjs';

/** `npm start` builds only when what the build is made from changed (tools/build-if-stale.mjs). */
function fakeCheckout(): string {
  const root = mkdtempSync(join(tmpdir(), 'stale-'));
  const put = (path: string, text = 'x') => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  for (const path of ['package-lock.json', 'apps/server/src/main.ts', 'apps/web/src/main.tsx']) {
    put(path);
  }
  for (const path of OUTPUTS) put(path);
  return root;
}

describe('npm start and the build', () => {
  it('builds when there was no build, then not again until an input changes', () => {
    const root = fakeCheckout();
    const env = { VITE_PROJECT_ID: 'courtside' };
    expect(buildNeeded(root, env)).toBe(true);
    writeFileSync(join(root, STAMP), inputsFingerprint(root, env));
    expect(buildNeeded(root, env)).toBe(false);

    // A source file edited (another size and time): build again.
    writeFileSync(join(root, 'apps/web/src/main.tsx'), 'changed');
    expect(buildNeeded(root, env)).toBe(true);
    writeFileSync(join(root, STAMP), inputsFingerprint(root, env));
    expect(buildNeeded(root, env)).toBe(false);

    // Touched only, same content length: the time alone counts as a change.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'apps/server/src/main.ts'), later, later);
    expect(buildNeeded(root, env)).toBe(true);
  });

  it('builds when a VITE_ setting changes, or an output is gone', () => {
    const root = fakeCheckout();
    writeFileSync(join(root, STAMP), inputsFingerprint(root, { VITE_PROJECT_ID: 'a' }));
    expect(buildNeeded(root, { VITE_PROJECT_ID: 'a', OTHER: '1' })).toBe(false);
    expect(buildNeeded(root, { VITE_PROJECT_ID: 'b' })).toBe(true);
    writeFileSync(join(root, STAMP), inputsFingerprint(root, {}));
    expect(buildNeeded(root, {})).toBe(false);
    rmSync(join(root, OUTPUTS[0]!));
    expect(buildNeeded(root, {})).toBe(true);
  });
});
