import { describe, expect, it } from 'vitest';
import { keyedQueue, singleFlight } from '../../src/tools/keyed.js';
import { blobKey, safeJoin } from '../../src/modules/storage/blobs/blob-store.js';
import { sniffType } from '../../src/modules/storage/files/sniff.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('singleFlight', () => {
  it('runs one task for concurrent calls with the same key', async () => {
    const once = singleFlight<number>();
    let runs = 0;
    const task = async () => {
      runs++;
      await tick();
      return 42;
    };
    const results = await Promise.all([once('a', task), once('a', task), once('a', task)]);
    expect(results).toEqual([42, 42, 42]);
    expect(runs).toBe(1);
    await once('a', task);
    expect(runs).toBe(2); // a finished flight is not a cache
    await Promise.all([once('b', task), once('c', task)]);
    expect(runs).toBe(4);
  });
});

describe('keyedQueue', () => {
  it('runs same-key tasks one at a time, even after a failure', async () => {
    const run = keyedQueue();
    const order: string[] = [];
    const step =
      (name: string, fail = false) =>
      async () => {
        order.push(`${name}>`);
        await tick();
        order.push(`<${name}`);
        if (fail) throw new Error(name);
      };
    await Promise.allSettled([run('k', step('1', true)), run('k', step('2')), run('k', step('3'))]);
    expect(order).toEqual(['1>', '<1', '2>', '<2', '3>', '<3']);
  });
});

describe('storage paths and types', () => {
  it('refuses keys and paths that leave the storage folder', () => {
    expect(blobKey('images', 'abc')).toBe('images/abc');
    for (const bad of ['..', '../x', 'a/b', '.hidden', '', 'a\\b']) {
      expect(() => blobKey('images', bad)).toThrow();
    }
    expect(() => safeJoin('/data/storage', '../etc/passwd')).toThrow();
    expect(safeJoin('/data/storage', 'images/abc')).toBe('/data/storage/images/abc');
  });

  it('sniffs images by magic number and calls markup text', () => {
    expect(sniffType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])).mimeType).toBe(
      'image/png',
    );
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0])).extensions).toEqual(['jpg', 'jpeg']);
    expect(sniffType(Buffer.from('RIFF0000WEBPVP8 ')).mimeType).toBe('image/webp');
    expect(sniffType(Buffer.from('\0\0\0\x1cftypavif')).mimeType).toBe('image/avif');
    expect(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      mimeType: 'text/plain',
      extensions: ['txt'],
    });
  });
});
