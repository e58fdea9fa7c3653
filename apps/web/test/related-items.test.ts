import { CAROUSEL_LIMIT, linesOfBrand } from '@courtside/shop';
import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { pickRelated, relatedQueries } from '../src/entities/product/related';
import { productDoc } from './products';

const pair = (id: string, category = 'kobe') => productDoc({ $id: id, title: id, category });
const ids = (list: { $id: string }[]) => list.map((p) => p.$id);

describe('Related Items: which lists', () => {
  const notSelf = Query.notEqual('$id', 'self');

  it('the same line, then the other lines of its brand, then the newest, all without the product', () => {
    const lists = relatedQueries({ id: 'self', line: 'kobe' });
    expect(lists).toHaveLength(3);
    for (const list of lists) {
      expect(list).toContain(notSelf);
      expect(list).toContain(Query.limit(CAROUSEL_LIMIT));
      expect(list).toContain(Query.orderDesc('$createdAt'));
    }
    expect(lists[0]).toContain(Query.equal('category', ['kobe']));
    const others = linesOfBrand('nike').filter((l) => l !== 'kobe');
    expect(others).toContain('kd');
    expect(lists[1]).toContain(Query.equal('category', others));
    expect(lists[2]!.some((q) => q.includes('category'))).toBe(false);
  });

  it('a line alone in its brand, or of no brand, skips the brand list', () => {
    for (const line of ['curry', 'other']) {
      const lists = relatedQueries({ id: 'self', line });
      expect(lists).toHaveLength(2);
      expect(lists[0]).toContain(Query.equal('category', [line]));
      expect(lists[1]!.some((q) => q.includes('category'))).toBe(false);
    }
  });
});

describe('Related Items: which pairs', () => {
  it('keeps the lists in order, each pair once, never the product itself', () => {
    const picked = pickRelated(
      [
        [pair('line-1'), pair('self'), pair('line-2')],
        [pair('brand-1', 'kd'), pair('line-1')],
        [pair('new-1', 'curry'), pair('brand-1', 'kd'), pair('self'), pair('new-2', 'jordan')],
      ],
      'self',
    );
    expect(ids(picked)).toEqual(['line-1', 'line-2', 'brand-1', 'new-1', 'new-2']);
  });

  it('stops at a carousel of 10, the same line first', () => {
    const line = Array.from({ length: 7 }, (_, i) => pair(`line-${i}`));
    const brand = Array.from({ length: 5 }, (_, i) => pair(`brand-${i}`, 'kyrie'));
    const newest = [...brand.slice(0, 2), ...line.slice(0, 8)];
    const picked = pickRelated([line, brand, newest], 'self');
    expect(picked).toHaveLength(CAROUSEL_LIMIT);
    expect(ids(picked).slice(0, 7)).toEqual(ids(line));
    expect(ids(picked).slice(7)).toEqual(['brand-0', 'brand-1', 'brand-2']);
  });

  it('a shop with no other pair has nothing related', () => {
    expect(pickRelated([[pair('self')], [], [pair('self')]], 'self')).toEqual([]);
  });
});
