import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';

/**
 * The S3-compatible server of the `server-s3` test project: s3rver (from the npm registry), one
 * for the whole run, in the test runner's process, keeping its objects in a temporary folder.
 * Each test server makes its own bucket in it (support/s3.ts).
 */
export default async function startS3Server(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'courtside-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  project.provide('s3Endpoint', `http://127.0.0.1:${port}`);
  return async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}
