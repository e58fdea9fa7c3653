import DataLoader from 'dataloader';

/**
 * The requests that arrive in one turn of the event loop share one statement (DataLoader's
 * batching). The batch is sent in the immediates, once Node has read every request that was
 * ready: each is still served after its request arrived, so what any process committed before a
 * request was sent is seen, exactly as with a statement per request. Nothing is cached between
 * turns. At most `max` keys go in one batch; more in one turn make more.
 */
export function perTurn<K, V>(
  batch: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  max = 100,
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(batch, {
    cache: false,
    maxBatchSize: max,
    batchScheduleFn: (run) => setImmediate(run),
  });
  return (key) => loader.load(key);
}

/**
 * One write for many callers: the items queued in one turn go to `write` together, and each
 * caller's promise settles with the write that took its item. When a write of several fails,
 * each item is tried alone, so one bad item fails only its own caller. For statements that many
 * requests make at once and that cost mostly their round trip and commit (the mail outbox's rows).
 */
export function perTurnWrites<T>(
  write: (items: T[]) => Promise<void>,
  max = 100,
): (item: T) => Promise<void> {
  const alone = (item: T) =>
    write([item]).then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
    );
  return perTurn<T, void>(async (items) => {
    try {
      await write([...items]);
      return items.map(() => undefined);
    } catch (e) {
      if (items.length === 1) return [e instanceof Error ? e : new Error(String(e))];
      return Promise.all(items.map(alone));
    }
  }, max);
}
