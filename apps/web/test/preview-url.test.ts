import { describe, expect, it } from 'vitest';
import { ids } from '../src/config/env';
import { storage } from '../src/lib/appwrite';
import { previewSrcSet, previewUrl } from '../src/lib/images';

/**
 * previewUrl skips the SDK for speed; on the page's origin it must address exactly what the SDK
 * writes.
 */
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
    const onPage = (url: string) => new URL(url, window.location.origin).href;
    expect(previewUrl('shoe-1', 480)).toMatch(/^\/v1\//);
    expect(onPage(previewUrl('shoe-1', 480))).toBe(sdk(480));
    expect(onPage(previewUrl('shoe-1', 480, 360))).toBe(sdk(480, 360));
  });

  it('lists every width in the srcset, cropped to the ratio when one is given', () => {
    expect(previewSrcSet('shoe-1', [360, 720], 1)).toBe(
      `${previewUrl('shoe-1', 360, 360)} 360w, ${previewUrl('shoe-1', 720, 720)} 720w`,
    );
  });
});
