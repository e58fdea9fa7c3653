import { describe, expect, it } from 'vitest';
import { perTurn, perTurnWrites } from '../../src/tools/per-turn.js';

describe('one write for the items of one turn (perTurnWrites)', () => {
  it('writes what was queued in one turn together, in order, at most `max` at a time', async () => {
    const writes: number[][] = [];
    const put = perTurnWrites<number>(async (items) => void writes.push(items), 3);
    await Promise.all([1, 2, 3, 4, 5].map((n) => put(n)));
    await put(6);
    expect(writes).toEqual([[1, 2, 3], [4, 5], [6]]);
  });

  it('settles each caller only once its write is done', async () => {
    let finish = () => {};
    const put = perTurnWrites<string>(() => new Promise<void>((ok) => (finish = ok)));
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
    const put = perTurnWrites<string>(async (items) => {
      writes.push(items);
      if (items.includes('bad')) throw new Error(`refused ${items.join(',')}`);
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((s) => put(s)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused bad' });
    expect(writes).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});

describe('one read for the keys of one turn (perTurn)', () => {
  it('reads after every request of the turn arrived, once per turn', async () => {
    const batches: string[][] = [];
    const read = perTurn<string, string>(async (keys) => {
      batches.push([...keys]);
      return keys.map((k) => k.toUpperCase());
    });
    const first = read('a');
    // A request read later in the same turn (an I/O callback) still joins the batch.
    await new Promise((r) => process.nextTick(r));
    const second = read('b');
    expect(await Promise.all([first, second])).toEqual(['A', 'B']);
    expect(await read('c')).toBe('C');
    expect(batches).toEqual([['a', 'b'], ['c']]);
  });

  it('fails the callers of a failed read, and keeps nothing for the next turn', async () => {
    let fail = true;
    const read = perTurn<string, number>(async (keys) => {
      if (fail) throw new Error('database gone');
      return keys.map((k) => k.length);
    });
    await expect(read('x')).rejects.toThrow('database gone');
    fail = false;
    expect(await read('xy')).toBe(2);
  });
});
