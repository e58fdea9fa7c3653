import { describe, expect, it } from 'vitest';
import { IMAGE_HINT, IMAGE_MAX_BYTES } from '@courtside/shop';
import { movePhoto, sortChosenFiles } from '../src/features/dashboard/products/photo-list';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const file = (name: string, bytes: number[] | string, size?: number) => {
  const f = new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('the product form’s photos (D30)', () => {
  it('takes real pictures of the types the hint names, and says why it refuses the others', async () => {
    expect(IMAGE_HINT).toBe('PNG, JPG, JPEG or WEBP, up to 10 MB');
    const sorted = await sortChosenFiles([
      file('shoe.png', PNG),
      file('fake.png', 'not a picture at all'),
      file('a.svg', '<svg/>'),
      file('big.jpg', [0xff, 0xd8, 0xff, 0xe0], IMAGE_MAX_BYTES + 1),
    ]);
    expect(sorted.taken.map((f) => f.name)).toEqual(['shoe.png']);
    expect(sorted.refused).toEqual([
      'fake.png is not a picture',
      'a.svg is not a PNG, JPG, JPEG or WEBP picture',
      'big.jpg is larger than 10 MB',
    ]);
  });

  it('moves a photo to another place, the rest keeping their order', () => {
    expect(movePhoto(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
