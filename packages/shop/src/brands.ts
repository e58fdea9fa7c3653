import type { CategorySlug } from './categories.js';

/**
 * Which brand makes each shoe line, written once: the Nike page shows every Nike pair (Kobe,
 * Kyrie, KD, ...), not only those filed under the "nike" category. "Other" belongs to no brand.
 */
export const BRANDS = [
  {
    slug: 'nike',
    label: 'Nike',
    lines: ['nike', 'kobe', 'kyrie', 'kd', 'lebron', 'pg', 'freak', 'hyperdunk'],
  },
  { slug: 'jordan', label: 'Jordan', lines: ['jordan'] },
  { slug: 'adidas', label: 'adidas', lines: ['adidas', 'dame', 'harden'] },
  { slug: 'under-armour', label: 'Under Armour', lines: ['curry'] },
  { slug: 'puma', label: 'Puma', lines: ['puma', 'lamalo'] },
  { slug: 'li-ning', label: 'Li-Ning', lines: ['wade'] },
] as const satisfies readonly { slug: string; label: string; lines: readonly CategorySlug[] }[];

export type Brand = (typeof BRANDS)[number];
export type BrandSlug = Brand['slug'];

export function brandBySlug(slug: string): Brand | null {
  return BRANDS.find((b) => b.slug === slug) ?? null;
}

/** The brand a line belongs to; null for "other" and unknown lines. */
export function brandOfLine(line: string): Brand | null {
  return BRANDS.find((b) => (b.lines as readonly string[]).includes(line)) ?? null;
}

/** The lines a brand page lists: its own category and every line it makes. */
export function linesOfBrand(slug: string): readonly CategorySlug[] {
  return brandBySlug(slug)?.lines ?? [];
}
