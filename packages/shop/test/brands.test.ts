import { describe, expect, it } from 'vitest';
import { BRANDS, brandBySlug, brandOfLine, CATEGORY_SLUGS, linesOfBrand } from '../src/index.js';

describe('brands', () => {
  it('files every line except "other" under exactly one brand', () => {
    for (const line of CATEGORY_SLUGS) {
      const owners = BRANDS.filter((b) => (b.lines as readonly string[]).includes(line));
      expect(owners.length, line).toBe(line === 'other' ? 0 : 1);
    }
  });

  it('puts the signature lines under their makers', () => {
    expect(brandOfLine('kobe')?.slug).toBe('nike');
    expect(brandOfLine('curry')?.slug).toBe('under-armour');
    expect(brandOfLine('harden')?.slug).toBe('adidas');
    expect(brandOfLine('lamalo')?.slug).toBe('puma');
    expect(brandOfLine('wade')?.slug).toBe('li-ning');
    expect(brandOfLine('other')).toBeNull();
  });

  it('lists a brand page by its lines, its own category included', () => {
    expect(linesOfBrand('nike')).toContain('nike');
    expect(linesOfBrand('nike')).toContain('kyrie');
    expect(linesOfBrand('nope')).toEqual([]);
    expect(brandBySlug('jordan')?.label).toBe('Jordan');
  });
});
