/** The one list of shoe lines (product decision D12): form, category pages and home side list. */
export const CATEGORIES = [
  { slug: 'adidas', label: 'Adidas' },
  { slug: 'curry', label: 'Curry' },
  { slug: 'dame', label: 'Dame' },
  { slug: 'freak', label: 'Giannis' },
  { slug: 'harden', label: 'Harden' },
  { slug: 'hyperdunk', label: 'Hyperdunk' },
  { slug: 'jordan', label: 'Jordan' },
  { slug: 'kd', label: 'KD' },
  { slug: 'kobe', label: 'Kobe' },
  { slug: 'kyrie', label: 'Kyrie' },
  { slug: 'lamalo', label: 'LaMelo' },
  { slug: 'lebron', label: 'LeBron' },
  { slug: 'nike', label: 'Nike' },
  { slug: 'pg', label: 'PG' },
  { slug: 'puma', label: 'Puma' },
  { slug: 'wade', label: 'Wade' },
  { slug: 'other', label: 'Other' },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

export const CATEGORY_SLUGS: readonly CategorySlug[] = CATEGORIES.map((c) => c.slug);

/** The shoe lines of the home page's side list, in the spec's order. */
export const HOME_SIDE_LINES: readonly CategorySlug[] = [
  'kyrie',
  'kobe',
  'kd',
  'wade',
  'pg',
  'freak',
  'curry',
  'dame',
  'adidas',
];

export function isCategory(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(value);
}

export function categoryLabel(slug: string): string {
  return CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;
}
