import { describe, expect, it } from 'vitest';
import { ids } from '../src/config/env';
import { storage } from '../src/lib/appwrite';
import { previewSrcSet, previewUrl } from '../src/lib/images';

/** previewUrl skips the SDK for speed; it must still write exactly the URL the SDK writes. */
describe('preview URLs', () => {
  it('equal the Web SDK getFilePreview URL, with and without a height', () => {
    const sdk = (w: number, h?: number) =>
      storage
        .getFilePreview(
          ids.bucket,
          'shoe-1',
          w,
          h,
          h ? 'center' : undefined,
          80,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          'webp' as never,
        )
        .toString();
    expect(previewUrl('shoe-1', 480)).toBe(sdk(480));
    expect(previewUrl('shoe-1', 480, 360)).toBe(sdk(480, 360));
  });

  it('lists every width in the srcset, cropped to the ratio when one is given', () => {
    expect(previewSrcSet('shoe-1', [360, 720], 1)).toBe(
      `${previewUrl('shoe-1', 360, 360)} 360w, ${previewUrl('shoe-1', 720, 720)} 720w`,
    );
  });
});
