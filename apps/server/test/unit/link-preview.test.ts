import { describe, expect, it } from 'vitest';
import {
  defaultHead,
  jsonForScript,
  linkPreviews,
  productHead,
  type PreviewProduct,
} from '../../src/web/link-preview.js';
import { escapeHtml } from '../../src/tools/html.js';
import { withHead } from '../../src/web/static.js';
import { DEFAULT_FACTS } from '@courtside/shop';

const site = {
  publicUrl: new URL('https://shop.example/'),
  projectId: 'courtside',
  bucketId: 'images',
};

const product: PreviewProduct = {
  $id: '123456789',
  product_id: '123456789',
  title: 'Kobe 6 "Grinch" <Protro>',
  description: 'Worn twice.\nOriginal box & laces. </script><script>alert(1)</script>',
  category: 'kobe',
  price: 30000,
  disc_price: 24000,
  size: 43,
  condition: 9,
  stoke: 'true',
  stock: 1,
  image: 'file-1',
};

function jsonLdOf(head: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

describe('link previews (D19)', () => {
  it('product pages carry Open Graph tags with the price the page shows', () => {
    const head = productHead(site, DEFAULT_FACTS, product);
    expect(head).toContain('<meta property="og:type" content="product" />');
    expect(head).toContain(
      '<meta property="og:title" content="Kobe 6 &quot;Grinch&quot; &lt;Protro&gt;" />',
    );
    expect(head).toContain('<meta property="product:price:amount" content="24000" />');
    expect(head).toContain('<meta property="product:price:currency" content="PKR" />');
    expect(head).toContain(
      '<meta property="og:url" content="https://shop.example/product/123456789" />',
    );
    expect(head).toContain(
      'content="https://shop.example/v1/storage/buckets/images/files/file-1/preview?width=1200&amp;height=630&amp;output=jpg&amp;project=courtside"',
    );
    expect(head).toMatch(/<title>Kobe 6 &quot;Grinch&quot; &lt;Protro&gt; \| Courtside<\/title>/);
    expect(head).toContain(
      'Rs.24,000 · EUR 43 · condition 9/10. Worn twice. Original box &amp; laces.',
    );
  });

  it('JSON-LD describes the Product and its offer, and cannot break out of its script', () => {
    const head = productHead(site, DEFAULT_FACTS, product);
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    const ld = jsonLdOf(head);
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(product.title);
    expect(ld.sku).toBe('123456789');
    expect(ld.offers).toMatchObject({
      price: '24000',
      priceCurrency: 'PKR',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
    });
  });

  it('an out-of-stock product says so; without a discount the original price is used', () => {
    const head = productHead(site, DEFAULT_FACTS, { ...product, stoke: 'false', disc_price: 0 });
    expect(head).toContain('<meta property="product:availability" content="out of stock" />');
    expect(jsonLdOf(head).offers).toMatchObject({
      price: '30000',
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('other pages, unknown products and failing lookups get the default tags', async () => {
    const loads: string[] = [];
    const head = linkPreviews(
      site,
      async (id) => {
        loads.push(id);
        if (id === 'boom') throw new Error('database down');
        return id === product.$id ? product : null;
      },
      async () => DEFAULT_FACTS,
    );
    expect(await head('/product/123456789')).toContain('og:type" content="product"');
    const fallback = defaultHead(site, DEFAULT_FACTS, '/product/999999999');
    expect(await head('/product/999999999')).toContain(fallback);
    expect(await head('/product/boom')).toContain('og:type" content="website"');
    expect(await head('/category/kobe')).toContain('content="https://shop.example/category/kobe"');
    expect(await head('/product/%E0%A4%A')).toContain('og:type" content="website"');
    expect(await head('/product/../../etc')).toContain('og:type" content="website"');
    expect(loads).toEqual(['123456789', '999999999', 'boom']);
  });

  it('the default preview shows the transparent logo on white, not on black JPEG corners', () => {
    const logo =
      'content="https://shop.example/v1/storage/buckets/images/files/logo/preview?width=512&amp;height=512&amp;background=ffffff&amp;output=jpg&amp;project=courtside"';
    expect(defaultHead(site, DEFAULT_FACTS)).toContain(`<meta property="og:image" ${logo} />`);
    expect(productHead(site, DEFAULT_FACTS, { ...product, image: '' })).toContain(logo);
  });

  it('the page keeps one <title> and one description', () => {
    const shell =
      '<html><head><meta name="description" content="Shop" /><title>Courtside</title></head><body></body></html>';
    const page = withHead(shell, productHead(site, DEFAULT_FACTS, { ...product, title: 'A $& B' }));
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain('<title>A $&amp; B | Courtside</title>');
    expect(withHead(shell, defaultHead(site, DEFAULT_FACTS))).toContain(
      '<title>Courtside | Basketball shoes in Pakistan</title>',
    );
  });

  it('escapes HTML and script JSON', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
  });
});
