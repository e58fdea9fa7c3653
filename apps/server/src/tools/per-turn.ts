/**
 * One write for many callers: the items queued in one turn of the event loop go to `write`
 * together (at most `max` at a time), and each caller's promise settles with the write that took
 * its item. When a write of several fails, each item is tried alone, so one bad item fails only
 * its own caller. For statements that many requests make at once and that cost mostly their
 * round trip and commit (the mail outbox's rows).
 */
export function perTurn<T>(
  write: (items: T[]) => Promise<void>,
  max = 100,
): (item: T) => Promise<void> {
  interface Waiting {
    item: T;
    done: () => void;
    failed: (e: unknown) => void;
  }
  let queued: Waiting[] = [];
  const settle = async (batch: Waiting[]) => {
    try {
      await write(batch.map((w) => w.item));
      for (const w of batch) w.done();
    } catch (e) {
      if (batch.length === 1) batch[0]!.failed(e);
      else for (const w of batch) await settle([w]);
    }
  };
  const run = () => {
    const all = queued;
    queued = [];
    for (let i = 0; i < all.length; i += max) void settle(all.slice(i, i + max));
  };
  return (item) =>
    new Promise<void>((done, failed) => {
      if (queued.length === 0) setImmediate(run);
      queued.push({ item, done, failed });
    });
}
