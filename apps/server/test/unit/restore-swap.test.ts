import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { swapIn } from '../../src/backup/restore.js';

function folders() {
  const root = mkdtempSync(join(tmpdir(), 'swap-'));
  const data = join(root, 'data');
  const incoming = join(root, 'incoming');
  for (const dir of [data, incoming]) mkdirSync(dir);
  writeFileSync(join(data, 'old-photo.webp'), 'old');
  writeFileSync(join(data, 'courtside.db'), 'db');
  writeFileSync(join(incoming, 'new-photo.webp'), 'new');
  return { data, incoming, aside: join(root, 'aside') };
}

const keep = (entry: string) => entry === 'courtside.db';

describe('a restore swaps the files in at the last moment', () => {
  it("puts the backup's files in place of the old ones, keeping what it is told to", async () => {
    const f = folders();
    await swapIn(f.data, f.incoming, f.aside, keep, async () => undefined);
    expect(readdirSync(f.data).sort()).toEqual(['courtside.db', 'new-photo.webp']);
  });

  it('puts everything back when the last step fails', async () => {
    const f = folders();
    const failing = async () => {
      throw new Error('disk full');
    };
    await expect(swapIn(f.data, f.incoming, f.aside, keep, failing)).rejects.toThrow('disk full');
    expect(readdirSync(f.data).sort()).toEqual(['courtside.db', 'old-photo.webp']);
  });
});
