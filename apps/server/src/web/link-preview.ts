import {
  categoryLabel,
  isInStock,
  DEFAULT_IDS,
  MEDIA,
  unitPrice,
  type ProductFields,
  shopTitle,
  type ShopFacts,
  DEFAULT_CONTENT,
  shownSlides,
  type ShopContent,
} from '@courtside/shop';
import { SHOP_CONTENT_ID, SHOP_FACTS_ID } from '@courtside/shop/web-page';
import { homePreload, productPreload } from './preload.js';
import { escapeHtml } from '../tools/html.js';

/**
 * Link previews (D19): a shared /product/{id} link shows the product's title, description,
 * picture and price (Open Graph and JSON-LD Product) before the app takes over; every other page
 * gets the shop's default tags. Pure functions; the server wires a product loader in.
 */

export type PreviewProduct = Pick<
  ProductFields,
  | 'title'
  | 'description'
  | 'category'
  | 'price'
  | 'disc_price'
  | 'size'
  | 'condition'
  | 'stoke'
  | 'image'
> &
  Partial<Pick<ProductFields, 'stock' | 'product_id'>> & { $id: string };

export interface PreviewSite {
  /** The public address of the backend (the API and its image previews), e.g. https://courtside.pk/ */
  publicUrl: URL;
  /** Where the web app's pages are, when not at publicUrl. */
  webUrl?: URL;
  projectId?: string;
  bucketId?: string;
}

export type ProductLoader = (id: string) => Promise<PreviewProduct | null>;

/** JSON inside <script>: nothing in it may close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

/**
 * A storage preview URL as the SDK builds it: public files of the images bucket (docs/protocol.md
 * §6). `background` fills transparent parts: a JPEG has no alpha, and without it they turn black.
 */
export function imageUrl(
  site: PreviewSite,
  fileId: string,
  width = 1200,
  height = 630,
  background?: string,
): string {
  const base = new URL(
    `v1/storage/buckets/${encodeURIComponent(site.bucketId ?? DEFAULT_IDS.bucket)}/files/${encodeURIComponent(fileId)}/preview`,
    site.publicUrl,
  );
  base.searchParams.set('width', String(width));
  base.searchParams.set('height', String(height));
  if (background) base.searchParams.set('background', background);
  base.searchParams.set('output', 'jpg');
  base.searchParams.set('project', site.projectId ?? DEFAULT_IDS.project);
  return base.href;
}

/** The round logo on white: it is drawn on a transparent square (seed/brand-art.ts). */
const logoUrl = (site: PreviewSite, logo: string) => imageUrl(site, logo, 512, 512, 'ffffff');

/** The tags every page without its own preview carries; `logo`: the owner's (shop-content.ts). */
export function defaultHead(
  site: PreviewSite,
  facts: ShopFacts,
  path = '/',
  logo: string = MEDIA.logo,
): string {
  const url = new URL(path, site.webUrl ?? site.publicUrl).href;
  return [
    `<title>${escapeHtml(shopTitle(facts))}</title>`,
    meta('name', 'description', facts.description),
    meta('property', 'og:site_name', facts.name),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', `${facts.name} | ${facts.tagline}`),
    meta('property', 'og:description', facts.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', logoUrl(site, logo)),
    meta('name', 'twitter:card', 'summary'),
  ].join('\n');
}

/** Open Graph, Twitter and JSON-LD Product tags of one product, with its own <title>. */
export function productHead(
  site: PreviewSite,
  facts: ShopFacts,
  product: PreviewProduct,
  logo: string = MEDIA.logo,
): string {
  const url = new URL(`product/${encodeURIComponent(product.$id)}`, site.webUrl ?? site.publicUrl)
    .href;
  const price = unitPrice(product);
  const title = `${product.title} | ${facts.name}`;
  const description = oneLine(
    `Rs.${price.toLocaleString('en-US')} · EUR ${product.size} · condition ${product.condition}/10. ${product.description}`,
    200,
  );
  const image = product.image ? imageUrl(site, product.image) : logoUrl(site, logo);
  const available = isInStock(product);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: oneLine(product.description, 500),
    image: [image],
    sku: product.product_id || product.$id,
    category: categoryLabel(product.category),
    size: `EUR ${product.size}`,
    offers: {
      '@type': 'Offer',
      url,
      price: String(price),
      priceCurrency: 'PKR',
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition:
        product.condition >= 10
          ? 'https://schema.org/NewCondition'
          : 'https://schema.org/UsedCondition',
      seller: { '@type': 'Organization', name: facts.name },
    },
  };
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', facts.name),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', product.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', product.title),
    meta('property', 'product:price:amount', String(price)),
    meta('property', 'product:price:currency', 'PKR'),
    meta('property', 'product:availability', available ? 'in stock' : 'out of stock'),
    meta('name', 'twitter:card', 'summary_large_image'),
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  ].join('\n');
}

const PRODUCT_PATH = /^\/product\/([A-Za-z0-9][A-Za-z0-9._-]{0,35})\/?$/;

/** The page's data for the app, as inert JSON in the head. */
const dataTag = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;

/**
 * The `headFor` hook of registerWebApp: /product/{id} gets the product's tags when it exists,
 * every other page (and a product that cannot be read) the default ones. Never throws. Home and
 * product pages also preload their largest picture (web/preload.ts). Every page carries the
 * shop's facts and its storefront content, as the owner last saved them.
 */
export function linkPreviews(
  site: PreviewSite,
  loadProduct: ProductLoader,
  loadFacts: () => Promise<ShopFacts>,
  loadContent: () => Promise<ShopContent> = async () => DEFAULT_CONTENT,
) {
  return async (path: string): Promise<string> => {
    const [facts, content] = await Promise.all([loadFacts(), loadContent()]);
    const factsTag = `${dataTag(SHOP_FACTS_ID, facts)}\n${dataTag(SHOP_CONTENT_ID, content)}`;
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // A malformed escape is just a path that is not a product.
    }
    const match = PRODUCT_PATH.exec(decoded);
    const ids = { project: site.projectId, bucket: site.bucketId };
    if (match) {
      try {
        const product = await loadProduct(match[1]!);
        if (product) {
          const head = `${productHead(site, facts, product, content.logo)}\n${productPreload(ids, product.image)}`;
          return `${head.trimEnd()}\n${factsTag}`;
        }
      } catch {
        // The preview is a nicety: the page itself still loads.
      }
    }
    const at = decoded.startsWith('/') ? decoded : '/';
    const head = `${defaultHead(site, facts, at, content.logo)}\n${factsTag}`;
    const first = shownSlides(content)[0];
    return decoded === '/' && first ? `${head}\n${homePreload(ids, first.file)}` : head;
  };
}
