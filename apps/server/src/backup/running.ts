import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * Which server processes use a DATA_DIR: each holds a marker in DATA_DIR/running while it runs
 * (`<host>-<pid>-<random>`), so a restore can refuse to pull the shop out from under one. A marker
 * of a process that died on this machine is stale and cleared; one of another machine (a shared
 * files directory) cannot be checked, so it counts as running until its server removes it.
 */
export const RUNNING_DIR = 'running';

/** Marks this process as using `dataDir`; the returned function takes the mark away. */
export function holdDataDir(dataDir: string): () => void {
  const dir = join(dataDir, RUNNING_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, `${new Date().toISOString()}\n`, { flag: 'wx', mode: 0o600 });
  return () => rmSync(file, { force: true });
}

export interface RunningServer {
  host: string;
  pid: number;
  marker: string;
}

/** Whether process `pid` of this machine still runs. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The server processes that hold `dataDir` now (stale markers of this machine are removed). */
export function runningServers(dataDir: string): RunningServer[] {
  const dir = join(dataDir, RUNNING_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const here = hostname();
  const out: RunningServer[] = [];
  for (const name of names) {
    const m = /^(.+)-(\d+)-[0-9a-f]+$/.exec(name);
    if (!m) continue;
    const server = { host: m[1]!, pid: Number(m[2]), marker: join(dir, name) };
    if (server.host === here && server.pid !== process.pid && !alive(server.pid)) {
      rmSync(server.marker, { force: true });
      continue;
    }
    out.push(server);
  }
  return out;
}
