import { BANNER_IMAGE, BANNER_SLIDES, PRODUCT_MAIN_IMAGE, previewSources } from '@courtside/shop';
import { fireEvent, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ids } from '../src/config/env';
import { Banner } from '../src/features/home/Banner';
import { Gallery } from '../src/features/product/Gallery';
import { renderPage } from './render';
import { mockShopCalls } from './shop-calls';

// The banner says the shop's charges (its free-delivery slide).
beforeEach(() => {
  vi.restoreAllMocks();
  mockShopCalls({});
});

/**
 * The server preloads these pictures (apps/server/src/web/preload.ts) from the shared recipes, on
 * the page's own origin (`/v1`); the browser reuses a preload only if the <img> asks for exactly
 * the same src, srcset and sizes.
 */
describe('above-the-fold pictures match the server preloads', () => {
  it('the first banner slide', () => {
    const { container } = renderPage(<Banner />);
    const img = container.querySelector('img')!;
    const want = previewSources(ids, BANNER_SLIDES[0]!.file, BANNER_IMAGE, '/v1');
    expect(img.getAttribute('src')).toBe(want.src);
    expect(img.getAttribute('srcset')).toBe(want.srcSet);
    expect(img.getAttribute('sizes')).toBe(BANNER_IMAGE.sizes);
  });

  it("the product's main picture", () => {
    const { container } = render(<Gallery images={['file-1', 'file-2']} title="Kobe 6" />);
    const img = container.querySelector('img')!;
    const want = previewSources(ids, 'file-1', PRODUCT_MAIN_IMAGE, '/v1');
    expect(img.getAttribute('src')).toBe(want.src);
    expect(img.getAttribute('srcset')).toBe(want.srcSet);
    expect(img.getAttribute('sizes')).toBe(PRODUCT_MAIN_IMAGE.sizes);
  });

  it('the other slides ask for their pictures only once the first is there', () => {
    const { container } = renderPage(<Banner />);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    fireEvent.load(container.querySelector('img')!);
    expect(container.querySelectorAll('img')).toHaveLength(BANNER_SLIDES.length);
  });
});
