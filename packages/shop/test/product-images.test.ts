import { describe, expect, it } from 'vitest';
import {
  extraImageIds,
  photoFields,
  PHOTO_MESSAGES,
  photosProblem,
  pictureFormat,
  pictureProblem,
  PRODUCT_PHOTOS,
  productImageIds,
  productPhotoIds,
  readImageList,
} from '../src/index.js';

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

describe('photos as one ordered list', () => {
  it('reads the cover first, then the extras, each once', () => {
    expect(productPhotoIds({ image: 'a', images: '["b","a","c"]' })).toEqual(['a', 'b', 'c']);
    expect(productPhotoIds({ image: '', images: '["b"]' })).toEqual(['b']);
  });

  it('writes a new order back as cover and extras', () => {
    expect(photoFields(['c', 'a', 'b'])).toEqual({ image: 'c', images: '["a","b"]' });
    expect(photoFields([])).toEqual({ image: '', images: '[]' });
  });

  it('lists a pair with one photo; a draft may have none', () => {
    expect(photosProblem(1, false)).toBeNull();
    expect(photosProblem(0, false)).toBe(PHOTO_MESSAGES.needed);
    expect(photosProblem(0, true)).toBeNull();
    expect(photosProblem(PRODUCT_PHOTOS.most + 1, true)).toBe(PHOTO_MESSAGES.tooMany);
  });
});

describe('a chosen file that is not a picture', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const text = new TextEncoder().encode('hello world!');

  it('is named with the reason in plain words', () => {
    expect(pictureProblem({ name: 'fake.png', size: 12 }, text)).toBe('fake.png is not a picture');
    expect(pictureProblem({ name: 'shoe.gif', size: 12 }, png)).toBe(
      'shoe.gif is not a PNG, JPG, JPEG or WEBP picture',
    );
    expect(pictureProblem({ name: 'big.jpg', size: 11 * 1024 * 1024 }, png)).toBe(
      'big.jpg is larger than 10 MB',
    );
  });

  it('takes a real PNG, JPEG or WebP', () => {
    expect(pictureProblem({ name: 'shoe.PNG', size: 12 }, png)).toBeNull();
    expect(pictureFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(pictureFormat(new TextEncoder().encode('RIFF\0\0\0\0WEBP'))).toBe('webp');
  });
});
