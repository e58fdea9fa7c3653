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
