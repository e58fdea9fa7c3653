import { createRequire } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { HashBounds, PasswordConfig } from '../../../config-passwords.js';
import { hashProblem } from './hash-bounds.js';
import type { StoredHash } from './password-hashes.js';
import type { PasswordTask } from './password-worker.js';

/** A task stopped at its time bound; its thread was ended with it. */
export class PasswordTimeout extends Error {
  constructor(readonly ms: number) {
    super(`A password task ran for more than ${ms} ms and was stopped`);
    this.name = 'PasswordTimeout';
  }
}

/**
 * The worker's file: built JavaScript next to this one, or, when the server runs from its
 * TypeScript sources (tests, `npm run dev`, benches), the source itself, which the thread loads
 * through tsx's require hook (module hooks do not reach worker threads on Node 20).
 */
function workerFile() {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(`./password-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSource) return { filename, execArgv: [] };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return { filename, execArgv: ['--require', tsx] };
}

/**
 * The pool of password threads. One check may take at most PASSWORD_CHECK_TIMEOUT_MS from the
 * moment a thread starts it (waiting in the queue does not count): past that its thread is ended
 * and the check answers "wrong password", so no stored hash can hold a sign-in, or the server,
 * for longer. A hash above the bounds (hash-bounds.ts) is not checked at all. Checking and
 * making password hashes, on worker threads (PASSWORD_THREADS).
 */
export function passwordPool(
  config: Pick<PasswordConfig, 'threads' | 'checkTimeoutMs' | 'bounds'>,
) {
  const pool = new Piscina<PasswordTask | null, boolean | string | void>({
    ...workerFile(),
    // The export a thread loads first (each task names its own).
    name: 'check',
    // No thread until a password is checked or made: an idle server holds none.
    minThreads: 0,
    maxThreads: config.threads,
    // A thread stays a few seconds after use (starting one costs more than a check), then goes.
    idleTimeout: 5_000,
  });

  /**
   * Piscina ends the thread of a task stopped at its time bound and replaces it only up to
   * minThreads (0), so the checks queued behind it would wait for the next task to come. A task
   * that does nothing, run while some wait, makes the pool start a thread for them.
   */
  function restartForQueue() {
    if (pool.queueSize > 0) pool.run(null, { name: 'nothing' }).catch(() => undefined);
  }

  async function run<R>(name: 'check' | 'make', task: Omit<PasswordTask, 'started'>): Promise<R> {
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => abort.abort(), config.checkTimeoutMs);
    });
    try {
      return (await pool.run(
        { ...task, started: port2 },
        { name, signal: abort.signal, transferList: [port2] },
      )) as R;
    } catch (e) {
      if (!abort.signal.aborted) throw e;
      restartForQueue();
      throw new PasswordTimeout(config.checkTimeoutMs);
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  return {
    /** Whether the password is the stored hash's: false too when the check ran out of time. */
    async verify(stored: StoredHash, password: string): Promise<boolean> {
      if (hashProblem(stored, config.bounds)) return false;
      try {
        return await run<boolean>('check', { stored, password });
      } catch (e) {
        if (e instanceof PasswordTimeout) return false;
        throw e;
      }
    },
    /** The shop's argon2id hash of a new password. */
    hash: (password: string) => run<string>('make', { password }),
    close: () => pool.close(),
    /** What a stored or imported hash may cost (PASSWORD_*; hash-bounds.ts). */
    bounds: config.bounds as Readonly<HashBounds>,
  };
}

export type PasswordWork = ReturnType<typeof passwordPool>;
