import { mkdtempSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/tools/keyed.js';
import { PreviewCache } from '../../src/modules/storage/previews/preview-cache.js';
import { previewParams } from '../../src/modules/storage/previews/preview-params.js';
import { planPreview, rotatedBox } from '../../src/modules/storage/previews/preview-plan.js';

const MP40 = 40_000_000;
const plan = (query: Record<string, unknown>, source: { width: number; height: number } | null) =>
  planPreview(previewParams(query), source, (query.output as 'jpg') ?? 'jpg', MP40);

describe('planPreview', () => {
  const photo = { width: 800, height: 600 };

  it('keeps the aspect from one side and never enlarges it', () => {
    expect(plan({ width: 400 }, photo)).toMatchObject({ width: 400, height: 300, crop: false });
    expect(plan({ height: 150 }, photo)).toMatchObject({ width: 200, height: 150 });
    expect(plan({ width: 4000 }, photo)).toMatchObject({ width: 800, height: 600 });
    expect(plan({ height: 4000 }, photo)).toMatchObject({ width: 800, height: 600 });
  });

  it('gives exactly width x height when both are asked (the reference crops to exactly that)', () => {
    expect(plan({ width: 100, height: 100 }, photo)).toMatchObject({
      width: 100,
      height: 100,
      crop: true,
    });
    expect(plan({ width: 1200, height: 1200 }, photo)).toMatchObject({ width: 1200, height: 1200 });
  });

  it('fits a large source inside 4000 px when no size is asked', () => {
    expect(plan({}, { width: 6000, height: 3000 })).toMatchObject({ width: 4000, height: 2000 });
    expect(plan({}, photo)).toMatchObject({ width: 800, height: 600 });
  });

  it('counts the border and the rotated bounding box in the output', () => {
    expect(plan({ width: 100, height: 50, borderWidth: 10 }, photo)).toMatchObject({
      outWidth: 120,
      outHeight: 70,
    });
    expect(plan({ width: 200, height: 100, rotation: 90 }, photo)).toMatchObject({
      outWidth: 100,
      outHeight: 200,
    });
    expect(rotatedBox(100, 100, 45)).toEqual({ width: 142, height: 142 });
  });

  it('refuses what costs more than the budget, by format and rotation', () => {
    const big = { width: 6000, height: 6000 };
    expect(plan({ width: 4000, height: 4000, output: 'webp' }, big).work).toBe(32);
    for (const q of [
      { width: 4000, height: 4000, output: 'avif' },
      { width: 4000, height: 3000, output: 'gif' },
      { width: 4000, height: 4000, rotation: 45 },
      { width: 4000, height: 4000, rotation: 90, output: 'webp' },
    ]) {
      expect(() => plan(q, big), JSON.stringify(q)).toThrow(/too large to render/);
    }
  });

  it('refuses sources over the decode limit, naming their size', () => {
    expect(() => plan({ width: 10 }, { width: 7000, height: 7000 })).toThrow(
      /too large to preview: 7000x7000/,
    );
  });

  it('makes a tile of the asked size for types it cannot render', () => {
    expect(plan({ width: 40, height: 30 }, null)).toMatchObject({ width: 40, height: 30 });
    expect(plan({}, null)).toMatchObject({ width: 150, height: 150 });
  });
});

describe('Slots', () => {
  const busy = () => new Error('busy');
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((r) => (open = r));
    return { open, opened };
  };

  it('runs at most `slots` tasks, queues a few, refuses the rest at once', async () => {
    const slots = new Slots(2, 1, 10_000, busy);
    const g = gate();
    let active = 0;
    let most = 0;
    const task = async () => {
      active++;
      most = Math.max(most, active);
      await g.opened;
      active--;
      return 'done';
    };
    const runs = [slots.run(task), slots.run(task), slots.run(task)];
    await expect(slots.run(task)).rejects.toThrow('busy');
    expect(slots.figures).toEqual({ running: 2, queued: 1 });
    g.open();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    expect(slots.figures).toEqual({ running: 0, queued: 0 });
  });

  it('gives up on a queued task that waited too long, and keeps going', async () => {
    const slots = new Slots(1, 5, 30, busy);
    const g = gate();
    const first = slots.run(() => g.opened);
    await expect(slots.run(async () => 'late')).rejects.toThrow('busy');
    expect(slots.figures.queued).toBe(0);
    g.open();
    await first;
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});

describe('PreviewCache', () => {
  const setup = (maxBytes: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'courtside-previews-'));
    let n = 0;
    let now = 1_000_000;
    const cache = new PreviewCache({
      dir: join(dir, 'previews'),
      maxBytes,
      tempFile: async () => join(dir, `tmp-${++n}`),
      now: () => now,
    });
    const tick = () => (now += 1000);
    const onDisk = () => {
      const files: string[] = [];
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          if (e.isDirectory()) walk(join(d, e.name));
          else files.push(join(d, e.name));
        }
      };
      walk(join(dir, 'previews'));
      return {
        names: files.map((f) => f.slice(join(dir, 'previews').length + 1)).sort(),
        bytes: files.reduce((s, f) => s + statSync(f).size, 0),
      };
    };
    return { cache, tick, onDisk, dir: join(dir, 'previews') };
  };
  const rel = (i: number) => `images/f${i % 2}/${String(i).padStart(40, '0')}.png`;

  it('keeps the total under its bound, least recently used out first', async () => {
    const { cache, tick, onDisk } = setup(1000);
    for (const i of [1, 2, 3]) {
      await cache.put(rel(i), Buffer.alloc(300, i));
      tick();
    }
    expect(await cache.get(rel(1))).toEqual(Buffer.alloc(300, 1)); // 1 is now the freshest
    tick();
    await cache.put(rel(4), Buffer.alloc(300, 4));
    // 1200 > 1000: the least recently used (2) goes, down to 90% of the bound.
    expect(onDisk().names).toEqual([rel(1), rel(3), rel(4)].sort());
    expect(await cache.get(rel(2))).toBeNull();
    expect(onDisk().bytes).toBeLessThanOrEqual(1000);
    expect(cache.figures).toMatchObject({ bytes: 900, entries: 3 });
  });

  it('counts what is already on disk after a restart, oldest first', async () => {
    const first = setup(700);
    await first.cache.put(rel(1), Buffer.alloc(300));
    await first.cache.put(rel(2), Buffer.alloc(300));
    utimesSync(join(first.dir, rel(1)), new Date(2020, 0, 1), new Date(2020, 0, 1));
    // A new process on the same folder scans it before its first write.
    const again = new PreviewCache({
      dir: first.dir,
      maxBytes: 700,
      tempFile: async () => join(tmpdir(), `courtside-preview-${process.pid}-${Date.now()}`),
    });
    await again.put(rel(3), Buffer.alloc(300));
    expect(first.onDisk().names).toEqual([rel(2), rel(3)].sort());
  });

  it('forgets a deleted file and removes single previews', async () => {
    const { cache, onDisk } = setup(10_000);
    await cache.put(rel(1), Buffer.alloc(10));
    await cache.put(rel(3), Buffer.alloc(10));
    await cache.put(rel(2), Buffer.alloc(10));
    cache.forget('images/f1/');
    expect(cache.figures.entries).toBe(1);
    await cache.remove(rel(2));
    expect(onDisk().names).toEqual([rel(1), rel(3)].sort()); // forget leaves the files to the caller
    expect(cache.figures.entries).toBe(0);
  });
});
