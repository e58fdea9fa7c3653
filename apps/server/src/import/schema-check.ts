import type { AttributeDef, CollectionDef } from '../schema/types.js';
import type { SourceAttribute, SourceCollection } from './source.js';

/**
 * The old project's collections against the shop's own (docs/shop.md §3): an attribute the
 * shop has no place for, or one of another type, stops the import before anything is written;
 * what the shop has and the old project lacks is filled in, as each note says. Limits (sizes,
 * enum elements, ranges) are not compared here: every value is checked one by one instead.
 */
export type Kind = 'products' | 'orders' | 'subscribers';

/** Attributes the shop keeps itself (kept-fields.ts, sales.ts): worked out, never copied. */
export const KEPT_BY_SHOP: Partial<Record<Kind, readonly string[]>> = {
  products: ['sale_price', 'sold'],
};

export interface SchemaFindings {
  problems: string[];
  notes: string[];
}

const typeName = (a: { type: string; array?: boolean }) =>
  `${a.array ? 'a list of ' : ''}${a.type === 'double' ? 'float' : a.type}`;

function compareAttribute(kind: Kind, s: SourceAttribute, t: AttributeDef): string | null {
  if (s.type !== t.type || Boolean(s.array) !== t.array) {
    return `${kind}.${s.key} is ${typeName(s)} in the old project and ${typeName(t)} in the shop`;
  }
  return null;
}

/** What the shop does with one of its attributes that the old project lacks, or why it cannot. */
function missingInSource(kind: Kind, t: AttributeDef): { problem?: string; note?: string } {
  if (KEPT_BY_SHOP[kind]?.includes(t.key)) {
    return { note: `${kind}.${t.key}: worked out by the shop, as for its own products` };
  }
  if (kind === 'products' && t.key === 'stock') {
    return { note: 'products.stock: 1 pair for a product in stock (stoke "true"), else 0' };
  }
  if (t.required && t.default === null) {
    return { problem: `${kind}.${t.key} is required by the shop and the old project has none` };
  }
  return {
    note:
      t.default === null || t.default === ''
        ? `${kind}.${t.key}: left empty`
        : `${kind}.${t.key}: ${JSON.stringify(t.default)} (the shop's default)`,
  };
}

export function compareCollection(
  kind: Kind,
  source: SourceCollection,
  target: CollectionDef,
): SchemaFindings {
  const findings: SchemaFindings = { problems: [], notes: [] };
  const targetByKey = new Map(target.attributes.map((a) => [a.key, a]));
  const sourceKeys = new Set<string>();
  for (const s of source.attributes) {
    sourceKeys.add(s.key);
    const t = targetByKey.get(s.key);
    if (!t) {
      findings.problems.push(
        `${kind}.${s.key} (${typeName(s)}) has no place in the shop's ${kind}: its values would be lost`,
      );
      continue;
    }
    const problem = compareAttribute(kind, s, t);
    if (problem) findings.problems.push(problem);
    else if (KEPT_BY_SHOP[kind]?.includes(s.key)) {
      findings.notes.push(`${kind}.${s.key}: worked out again by the shop, not copied`);
    }
  }
  for (const t of target.attributes) {
    if (sourceKeys.has(t.key)) continue;
    const { problem, note } = missingInSource(kind, t);
    if (problem) findings.problems.push(problem);
    if (note) findings.notes.push(note);
  }
  return findings;
}
