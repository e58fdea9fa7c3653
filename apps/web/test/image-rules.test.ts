import { describe, expect, it } from 'vitest';
import { IMAGE_HINT, IMAGE_MAX_BYTES } from '@courtside/shop';
import { isAcceptedImage } from '../src/features/dashboard/products/images';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('the product form’s images (D30)', () => {
  it('takes what the hint says, and nothing else', () => {
    expect(IMAGE_HINT).toBe('PNG, JPG, JPEG or WEBP, up to 10 MB');
    expect(isAcceptedImage(file('a.png', 'image/png'))).toBe(true);
    expect(isAcceptedImage(file('a.webp', ''))).toBe(true);
    expect(isAcceptedImage(file('a.svg', 'image/svg+xml'))).toBe(false);
    expect(isAcceptedImage(file('a.gif', 'image/gif'))).toBe(false);
    expect(isAcceptedImage(file('big.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1))).toBe(false);
  });
});
