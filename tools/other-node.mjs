/**
 * `node tools/other-node.mjs VERSION SCRIPT...`: runs npm scripts of this repository on another
 * Node than the machine's, e.g. `node tools/other-node.mjs 24.21.0 test:unit` (npm test does so
 * for every supported version the machine does not run).
 *
 * The Node comes from the npm registry (the `node-<platform>-<arch>` package of that version),
 * unpacked once into a cache folder outside the repository (`$XDG_CACHE_HOME/courtside/node`, or
 * `~/.cache/courtside/node`) and put first on PATH, so the scripts, the test workers and every
 * server a test spawns run on it. node_modules stays as installed for the machine's Node: the
 * native modules the shop loads on Node 22 and later (better-sqlite3 13, sharp, @node-rs/argon2)
 * are Node-API binaries that any of these versions loads as they are.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'courtside', 'node');

/** The path of the `node` binary of this version, fetched from the npm registry the first time. */
export function nodeBinary(version) {
  const dir = join(CACHE, version);
  const bin = join(dir, 'bin', 'node');
  if (existsSync(bin)) return bin;
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(CACHE, '.fetch-'));
  try {
    const pkg = `node-${process.platform}-${process.arch}@${version}`;
    console.log(`Fetching Node ${version} (${pkg}) from the npm registry...`);
    const packed = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = packed.trim().split('\n').pop();
    execFileSync('tar', ['xzf', join(work, tarball), '-C', work]);
    // One rename, so a run stopped half-way never leaves a broken Node in the cache.
    renameSync(join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

function main([version, ...scripts]) {
  if (!/^\d+\.\d+\.\d+$/.test(version ?? '') || scripts.length === 0) {
    console.error('usage: node tools/other-node.mjs VERSION SCRIPT... (e.g. 24.21.0 test:unit)');
    process.exit(2);
  }
  const bin = nodeBinary(version);
  const env = { ...process.env, PATH: `${dirname(bin)}${delimiter}${process.env.PATH}` };
  const seen = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
  if (seen !== `v${version}`) throw new Error(`PATH gives Node ${seen}, not v${version}`);
  for (const script of scripts) {
    console.log(`\n=== npm run ${script} on Node ${version}`);
    const run = spawnSync('npm', ['run', script], { cwd: ROOT, env, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
