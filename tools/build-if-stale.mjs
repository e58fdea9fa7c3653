/**
 * `npm start`: builds the shop, unless nothing it is built from changed since the last build.
 *
 * It decides by a fingerprint of the build's inputs: the name, size and modification time of
 * every source file of the three packages, their configs, the lockfile, and the VITE_* settings
 * baked into the web app. The fingerprint of the last good build is kept beside the web app
 * (apps/web/dist/.build-inputs); the build runs when it differs or an output is missing.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shop/src',
  'packages/shop/package.json',
  'packages/shop/tsconfig.json',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/build-plugins.ts',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
];

export const OUTPUTS = [
  'apps/server/dist/main.js',
  'apps/web/dist/index.html',
  'apps/web/dist-server/entry-server.js',
];

export const STAMP = 'apps/web/dist/.build-inputs';

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

/** The fingerprint of what a build of `root` would be made from. */
export function inputsFingerprint(root, env = process.env) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(root, input))) {
      const s = statSync(file);
      hash.update(`${relative(root, file)}\0${s.size}\0${s.mtimeMs}\n`);
    }
  }
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()) {
    hash.update(`${key}=${env[key]}\n`);
  }
  return hash.digest('hex');
}

/** Whether `root` needs a build: an output is missing, or the inputs changed since the last. */
export function buildNeeded(root, env = process.env) {
  const stamp = join(root, STAMP);
  if (OUTPUTS.some((o) => !existsSync(join(root, o))) || !existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== inputsFingerprint(root, env);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (buildNeeded(root)) {
    const before = inputsFingerprint(root);
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
    writeFileSync(join(root, STAMP), `${before}\n`);
  } else {
    console.log('The build is current (nothing it is made from changed): starting.');
  }
}
