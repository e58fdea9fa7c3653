import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTENT, type ShopContent } from '@courtside/shop';
import { SHOP_CONTENT_ID } from '@courtside/shop/web-page';
import { makeStore } from '../src/app/store';
import {
  contentInPage,
  seedShopContent,
  ShopContentProvider,
} from '../src/entities/shop/content-api';
import { Banner } from '../src/features/home/Banner';
import { Promo } from '../src/features/home/BelowFold';
import { renderPage } from './render';
import { mockShopCalls } from './shop-calls';

/**
 * The storefront shows the content the owner saved, which the page's head carries (the server
 * writes it there): no call before the first paint, hidden slides left out, each button where the
 * owner said.
 */

const saved: ShopContent = {
  ...DEFAULT_CONTENT,
  slides: [
    {
      file: 'eid-drop',
      title: 'Eid drop',
      text: 'Twelve pairs',
      cta: 'See the drop',
      link: '/brand/nike',
      on: true,
    },
    { ...DEFAULT_CONTENT.slides[0]!, on: false },
    {
      file: 'insta',
      title: 'On Instagram',
      text: '',
      cta: 'Follow us',
      link: 'https://instagram.com/courtside.pk',
      on: true,
    },
  ],
  promo: { ...DEFAULT_CONTENT.promo, title: 'Eid sale', cta: 'Shop the sale', link: '/shop' },
};

function pageCarrying(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SHOP_CONTENT_ID;
  script.textContent = text;
  document.head.append(script);
}

beforeEach(() => {
  vi.restoreAllMocks();
  mockShopCalls({});
});
afterEach(() => document.getElementById(SHOP_CONTENT_ID)?.remove());

describe("the storefront's content", () => {
  it("shows the owner's slides and promo from the page's head, hidden slides left out", async () => {
    pageCarrying(JSON.stringify(saved));
    const store = makeStore();
    seedShopContent(store.dispatch, document);
    const { container } = renderPage(
      <ShopContentProvider>
        <Banner />
        <Promo />
      </ShopContentProvider>,
      { store },
    );
    const first = screen.getByRole('link', { name: 'See the drop: Eid drop' });
    expect(first).toHaveAttribute('href', '/brand/nike');
    expect(screen.getAllByRole('button', { name: /^Show slide \d of 2$/ })).toHaveLength(2);
    expect(screen.queryByText(DEFAULT_CONTENT.slides[0]!.title)).not.toBeInTheDocument();
    // A web address opens in a tab of its own.
    const insta = screen.getByRole('link', { name: 'Follow us: On Instagram', hidden: true });
    expect(insta).toHaveAttribute('href', 'https://instagram.com/courtside.pk');
    expect(insta).toHaveAttribute('target', '_blank');
    expect(container.querySelector('img')?.getAttribute('src')).toContain(
      '/files/eid-drop/preview',
    );
    expect(screen.getByRole('region', { name: 'Eid sale' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop the sale' })).toHaveAttribute('href', '/shop');
  });

  it('reads no content from a page whose head has none or a broken one: the defaults show', () => {
    expect(contentInPage(document)).toBeNull();
    pageCarrying('{"slides": [');
    expect(contentInPage(document)).toBeNull();
    renderPage(
      <ShopContentProvider>
        <Promo />
      </ShopContentProvider>,
    );
    expect(screen.getByRole('region', { name: '10% off' })).toBeInTheDocument();
  });
});
