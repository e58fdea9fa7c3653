import { describe, expect, it } from 'vitest';
import { extraImageIds, productImageIds, readImageList } from '../src/index.js';

describe("a product's images", () => {
  it('reads a stored list strictly for writes', () => {
    expect(readImageList('["a","b"]')).toEqual(['a', 'b']);
    expect(readImageList('')).toEqual([]);
    expect(readImageList('{"a":1}')).toBeNull();
    expect(readImageList('[1]')).toBeNull();
    expect(readImageList('[""]')).toBeNull();
    expect(readImageList('[oops')).toBeNull();
    expect(readImageList(['a'])).toBeNull();
  });

  it('reads old or damaged data tolerantly for showing, keeping only file ids', () => {
    expect(extraImageIds('["a",1,"","b"]')).toEqual(['a', 'b']);
    expect(extraImageIds('[oops')).toEqual([]);
    expect(extraImageIds(undefined)).toEqual([]);
    expect(extraImageIds(null)).toEqual([]);
  });

  it('names every image once, the main one first', () => {
    expect(productImageIds({ image: 'a', images: '["b","c","a"]' })).toEqual(['a', 'b', 'c']);
    expect(productImageIds({ image: '', images: '[]' })).toEqual([]);
    expect(productImageIds({ images: '["x"]' })).toEqual(['x']);
  });
});
