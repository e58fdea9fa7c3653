import { BANNER_IMAGE, PRODUCT_MAIN_IMAGE } from '@courtside/shop';
import { describe, expect, it } from 'vitest';
import { linkPreviews, type PreviewProduct } from '../../src/web/link-preview.js';
import { homePreload, imagePreload, productPreload } from '../../src/web/preload.js';
import { lazyChunks, pageChunksTag } from '../../src/web/manifest.js';
import { DEFAULT_FACTS } from '@courtside/shop';

const site = {
  publicUrl: new URL('https://shop.example/'),
  projectId: 'courtside',
  bucketId: 'images',
};
const ids = { project: 'courtside', bucket: 'images' };

/** The attributes of the one <link> in a string of tags, HTML entities decoded. */
function linkAttrs(head: string): Record<string, string> {
  const tag = /<link rel="preload"[^>]*>/.exec(head)?.[0];
  expect(tag).toBeDefined();
  const attrs: Record<string, string> = {};
  for (const m of tag!.matchAll(/([a-z]+)="([^"]*)"/g))
    attrs[m[1]!] = m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return attrs;
}

describe('LCP image preloads (docs/architecture.md#speed)', () => {
  it('home preloads the first banner slide with the banner srcset and sizes', () => {
    const a = linkAttrs(homePreload(ids, 'banner-1'));
    expect(a).toMatchObject({
      as: 'image',
      fetchpriority: 'high',
      imagesizes: BANNER_IMAGE.sizes,
      href: '/v1/storage/buckets/images/files/banner-1/preview?width=1024&quality=80&output=webp&project=courtside',
    });
    expect(a.imagesrcset!.split(', ')).toEqual(
      BANNER_IMAGE.widths.map(
        (w) =>
          `/v1/storage/buckets/images/files/banner-1/preview?width=${w}&quality=80&output=webp&project=courtside ${w}w`,
      ),
    );
  });

  it('a product preloads its main picture, whole (never cropped) like the gallery', () => {
    const a = linkAttrs(productPreload(ids, 'file-1'));
    expect(a.imagesizes).toBe(PRODUCT_MAIN_IMAGE.sizes);
    expect(a.href).toBe(
      '/v1/storage/buckets/images/files/file-1/preview?width=600&quality=80&output=webp&project=courtside',
    );
    expect(a.imagesrcset).toContain('preview?width=1200&quality=80&');
    expect(a.imagesrcset).not.toContain('height=');
    expect(productPreload(ids, '')).toBe('');
  });

  it('escapes what it writes into attributes', () => {
    const tag = imagePreload(ids, 'a"b', { widths: [10], sizes: '1px', srcWidth: 10 });
    expect(tag).not.toContain('a"b');
    expect(linkAttrs(tag).href).toContain('files/a"b/preview');
  });

  it('linkPreviews adds them on / and /product/{id} only', async () => {
    const product = { $id: '123456789', image: 'file-1' } as PreviewProduct;
    const head = linkPreviews(
      site,
      async (id) =>
        id === '123456789'
          ? {
              ...product,
              title: 'Kobe',
              description: '',
              category: 'kobe',
              price: 1,
              disc_price: 0,
              size: 43,
              condition: 9,
              stoke: 'true',
            }
          : null,
      async () => DEFAULT_FACTS,
    );
    expect(await head('/')).toContain('files/banner-1/preview');
    expect(await head('/product/123456789')).toContain('files/file-1/preview?width=600');
    expect(await head('/product/999999999')).not.toContain('rel="preload"');
    expect(await head('/category/kobe')).not.toContain('rel="preload"');
  });

  it("a lazy page's chunks are read from the build's manifest, less what the entry brings", () => {
    const manifest = {
      'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_shared-s1.js'] },
      '_shared-s1.js': { file: 'assets/shared-s1.js' },
      'src/features/cart/CartPage.tsx': {
        file: 'assets/CartPage-c3.js',
        imports: ['_shared-s1.js', '_lines-l1.js'],
      },
      '_lines-l1.js': { file: 'assets/lines-l1.js', imports: ['_format-f1.js'] },
      '_format-f1.js': { file: 'assets/format-f1.js' },
      'src/features/x/Odd.tsx': { file: 'javascript:alert(1)' },
    };
    expect(lazyChunks(manifest)(['src/features/cart/CartPage.tsx'])).toEqual([
      '/assets/CartPage-c3.js',
      '/assets/lines-l1.js',
      '/assets/format-f1.js',
    ]);
    expect(lazyChunks(manifest)([])).toEqual([]);
    expect(lazyChunks(manifest)(['src/unknown.tsx', 'src/features/x/Odd.tsx'])).toEqual([]);
    expect(pageChunksTag(['/assets/CartPage-c3.js', '/assets/Button-d4.js'])).toBe(
      '<meta name="courtside:page-chunks" content="/assets/CartPage-c3.js /assets/Button-d4.js" />',
    );
    expect(pageChunksTag([])).toBe('');
  });
});
