/** Runs tasks with the same key one after another (chunks of one upload, in this process). */
export function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

/** Collapses concurrent calls with the same key into one (uncached preview renders). */
export function singleFlight<T>() {
  const inFlight = new Map<string, Promise<T>>();
  return function once(key: string, task: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key);
    if (running) return running;
    const p = task().finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  };
}

export type KeyedQueue = ReturnType<typeof keyedQueue>;
export type SingleFlight<T> = ReturnType<typeof singleFlight<T>>;

/**
 * At most `slots` tasks at once; up to `maxQueue` more wait, each at most `maxWaitMs`. A task
 * that cannot get a slot gets `busy()` instead, so an overloaded server answers at once with a
 * protocol error rather than piling work up until requests time out.
 */
export class Slots {
  private running = 0;
  private readonly waiting: { start: () => void }[] = [];

  constructor(
    readonly slots: number,
    readonly maxQueue: number,
    readonly maxWaitMs: number,
    private readonly busy: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  get figures() {
    return { running: this.running, queued: this.waiting.length };
  }

  private acquire(): Promise<void> {
    if (this.running < this.slots) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueue) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(this.busy());
      }, this.maxWaitMs);
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays the same.
    if (next) next.start();
    else this.running--;
  }
}
