import { describe, expect, it } from 'vitest';
import { perTurn } from '../../src/tools/per-turn.js';

describe('one write for the items of one turn (perTurn)', () => {
  it('writes what was queued in one turn together, in order, at most `max` at a time', async () => {
    const writes: number[][] = [];
    const put = perTurn<number>(async (items) => void writes.push(items), 3);
    await Promise.all([1, 2, 3, 4, 5].map((n) => put(n)));
    await put(6);
    expect(writes).toEqual([[1, 2, 3], [4, 5], [6]]);
  });

  it('settles each caller only once its write is done', async () => {
    let finish = () => {};
    const put = perTurn<string>(() => new Promise<void>((ok) => (finish = ok)));
    let settled = false;
    const pending = put('a').then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    finish();
    await pending;
    expect(settled).toBe(true);
  });

  it('fails only the caller of a bad item: a failed write of several is tried item by item', async () => {
    const writes: string[][] = [];
    const put = perTurn<string>(async (items) => {
      writes.push(items);
      if (items.includes('bad')) throw new Error(`refused ${items.join(',')}`);
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((s) => put(s)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused bad' });
    expect(writes).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});
