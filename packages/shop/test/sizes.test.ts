import { describe, expect, it } from 'vitest';
import { SIZE_TABLE, usUkSize } from '../src/index.js';

describe('an EUR size in US and UK sizes', () => {
  it("reads the size guide's row: US men's and UK", () => {
    expect(usUkSize(43)).toBe('US 9.5 · UK 8.5');
    expect(usUkSize(40.5)).toBe('US 7.5 · UK 6.5');
    for (const row of SIZE_TABLE) expect(usUkSize(row.eur)).toContain(`UK ${row.uk}`);
  });

  it('says nothing for a size the guide has no row for', () => {
    expect(usUkSize(48)).toBeNull();
    expect(usUkSize(43.3)).toBeNull();
  });
});
