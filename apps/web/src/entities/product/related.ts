import { brandOfLine, CAROUSEL_LIMIT, type Product } from '@courtside/shop';
import { Query } from 'appwrite';
import { LISTED } from './listed';

/** Which product's Related Items: its id (never listed) and its line (`category`). */
export interface RelatedTo {
  id: string;
  line: string;
}

/**
 * The lists Related Items is chosen from, best first, each newest first and without the product
 * itself (by `$id`: another pair of the same model, in another size, is a fair suggestion): the
 * same line; the other lines of its brand (brands.ts), when it has a brand; the newest of all,
 * to fill up. Three small calls at once rather than one after another: the section waits for one
 * round trip, not three.
 */
export function relatedQueries({ id, line }: RelatedTo): string[][] {
  const newest = [
    LISTED,
    Query.notEqual('$id', id),
    Query.limit(CAROUSEL_LIMIT),
    Query.orderDesc('$createdAt'),
  ];
  const otherLines = (brandOfLine(line)?.lines ?? []).filter((l) => l !== line);
  return [
    [Query.equal('category', [line]), ...newest],
    ...(otherLines.length ? [[Query.equal('category', otherLines), ...newest]] : []),
    newest,
  ];
}

/**
 * The lists' products in order, each once and never `id` itself, at most a carousel's worth.
 * The last list (the newest CAROUSEL_LIMIT others) fills the carousel whenever the shop has that
 * many other pairs: no more of its products can repeat earlier picks than there are earlier picks.
 */
export function pickRelated(lists: readonly Product[][], id: string): Product[] {
  const seen = new Set([id]);
  const picked: Product[] = [];
  for (const product of lists.flat()) {
    if (picked.length === CAROUSEL_LIMIT) break;
    if (seen.has(product.$id)) continue;
    seen.add(product.$id);
    picked.push(product);
  }
  return picked;
}
