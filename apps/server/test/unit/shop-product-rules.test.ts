import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/protocol/errors.js';
import {
  checkProductFields,
  parseImageList,
  reconcileStock,
} from '../../src/shop/product-rules.js';

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e.message;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('stoke and stock stay consistent (D1, D16)', () => {
  it('derives the flag from the count', () => {
    expect(reconcileStock({ stock: 3 }, null)).toEqual({ stoke: 'true', stock: 3 });
    expect(reconcileStock({ stock: 0 }, { stock: 3 })).toEqual({ stoke: 'false', stock: 0 });
    expect(reconcileStock({ stock: 2, stoke: 'true' }, null)).toEqual({ stoke: 'true', stock: 2 });
  });

  it('moves the count with the flag when only the flag changes', () => {
    expect(reconcileStock({ stoke: 'false' }, { stock: 3 })).toEqual({ stoke: 'false', stock: 0 });
    expect(reconcileStock({ stoke: 'true' }, { stock: 0 })).toEqual({ stoke: 'true', stock: 1 });
    expect(reconcileStock({ stoke: 'true' }, { stock: 4 })).toEqual({ stoke: 'true', stock: 4 });
  });

  it('defaults a new product to one unit in stock and leaves untouched products alone', () => {
    expect(reconcileStock({}, null)).toEqual({ stoke: 'true', stock: 1 });
    expect(reconcileStock({}, { stock: 5 })).toBeNull();
  });

  it('takes "Out of Stock" or a count of 0 as out of stock when both are sent', () => {
    // The schema's defaults fill the field a client left out (stoke "true", stock 1).
    expect(reconcileStock({ stoke: 'false', stock: 1 }, null)).toEqual({
      stoke: 'false',
      stock: 0,
    });
    expect(reconcileStock({ stoke: 'true', stock: 0 }, null)).toEqual({ stoke: 'false', stock: 0 });
  });

  it('refuses values that are neither', () => {
    expect(message(() => reconcileStock({ stoke: 'yes' }, null))).toContain('Stock state');
    expect(message(() => reconcileStock({ stock: -1 }, null))).toContain('whole number');
    expect(message(() => reconcileStock({ stock: 1.5 }, null))).toContain('whole number');
  });
});

describe('product fields', () => {
  it('lower-cases a known category and refuses an unknown one', () => {
    expect(checkProductFields({ category: ' Kyrie ', image: 'photo' }, null).category).toBe(
      'kyrie',
    );
    expect(message(() => checkProductFields({ category: 'reebok' }, null))).toBe(
      'Choose a category from the list',
    );
  });

  it('lists a pair with one photo; a draft may have none', () => {
    expect(checkProductFields({ image: 'photo' }, null).image).toBe('photo');
    expect(message(() => checkProductFields({ image: '' }, null))).toBe(
      'Add at least one photo to list this pair, or save it as a draft',
    );
    expect(checkProductFields({ draft: true }, null).draft).toBe(true);
    // Publishing a draft without photos is refused; a stock edit of it is not.
    const noPhotos = { image: '', images: '[]', draft: true, stock: 1 } as never;
    expect(message(() => checkProductFields({ draft: false }, noPhotos))).toContain('photo');
    expect(checkProductFields({ stock: 3 }, noPhotos).stock).toBe(3);
  });

  it('refuses a price that is not a whole number of rupees, 1 or more', () => {
    for (const price of [0, -5, 12.5]) {
      expect(message(() => checkProductFields({ price }, { stock: 1 } as never))).toBe(
        'Price must be a whole number of rupees, 1 or more',
      );
    }
  });

  it('refuses a discount price above the price, also against the stored price', () => {
    expect(message(() => checkProductFields({ price: 100, disc_price: 200 }, null))).toBe(
      'Discount price cannot be above the price',
    );
    const current = { price: 100, disc_price: 0, stock: 1 } as never;
    expect(message(() => checkProductFields({ disc_price: 150 }, current))).toContain('above');
  });

  it('refuses an empty title and extra images that are not a JSON list of ids', () => {
    expect(message(() => checkProductFields({ title: '  ' }, null))).toBe('Title is required');
    expect(message(() => parseImageList('{"a":1}'))).toContain('JSON list');
    expect(message(() => parseImageList('[1]'))).toContain('JSON list');
    expect(message(() => parseImageList('[oops'))).toContain('JSON list');
    expect(parseImageList('')).toEqual([]);
  });
});
