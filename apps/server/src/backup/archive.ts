import { spawn } from 'node:child_process';

/** Runs a command to completion; rejects with its stderr when it fails or cannot start. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (e) => reject(new Error(`${command} could not start: ${e.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim() || 'no output'}`)),
    );
  });
}

/** A gzip'd tar of everything in `dir` (system tar: always present on the machines we run on). */
export const packDirectory = (dir: string, archive: string) =>
  run('tar', ['-czf', archive, '-C', dir, '.']);

export const unpackArchive = (archive: string, dir: string) =>
  run('tar', ['-xzf', archive, '-C', dir, '--no-same-owner']);
