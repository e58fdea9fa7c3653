import type { FastifyInstance } from 'fastify';
import {
  contentFrom,
  DEFAULT_CONTENT,
  DEFAULT_FACTS,
  isDraft,
  readShopFacts,
  type ShopContent,
  SHOP_SETTINGS_ID,
  type ShopFacts,
  type ShopIds,
} from '@courtside/shop';
import type { Config } from '../config.js';
import type { DatabasesService } from '../modules/databases/index.js';
import { linkPreviews, type PreviewProduct } from './link-preview.js';
import { landingPageRenderer } from './ssr.js';
import { registerWebApp } from './static.js';

/**
 * The built web app on every path the API does not take: its files, link previews
 * (docs/decisions.md D19: a product's own tags on /product/{id}, the shop's elsewhere) and the
 * landing pages rendered on the server, each kept until the products or the shop's pages change.
 */
export async function mountWebApp(
  server: FastifyInstance,
  config: Readonly<Config>,
  databases: DatabasesService,
): Promise<void> {
  const { ids } = config;
  const previewSite = {
    publicUrl: config.publicUrl,
    webUrl: config.webUrl,
    projectId: ids.project,
    bucketId: ids.bucket,
  };
  // A draft is the owner's alone: its link shows the shop's own tags, as a missing product's.
  const product = (id: string) =>
    databases.transaction(ids.database, async (docs) => {
      const doc = await docs.get(ids.products, id);
      return doc && !isDraft(doc) ? (doc as unknown as PreviewProduct) : null;
    });
  await registerWebApp(server, {
    webDir: config.webDir,
    adminLabel: ids.adminLabel,
    headFor: linkPreviews(
      previewSite,
      product,
      () => savedFacts(databases, ids),
      () => savedContent(databases, ids),
    ),
    ...(await landingPageRenderer(server, config.webDir, renderedPagesVersion(databases, ids))),
  });
}

/**
 * What the rendered pages are built from, as one number: the writes to the products, to the
 * shop's own texts (its pages, the delivery estimate on every product page) and to its settings
 * (its name and numbers on every page, the charges), which all only grow, so their sum moves
 * with any. Undefined when the database cannot count writes.
 */
export function renderedPagesVersion(
  databases: DatabasesService,
  ids: Readonly<ShopIds>,
): (() => Promise<number>) | undefined {
  const writes = databases.writesTo?.bind(databases, ids.database);
  if (!writes) return undefined;
  // A schema of its own (SCHEMA_FILE) may have no pages or settings: products alone then.
  const optional = (collection: string) => writes(collection).catch(() => 0);
  return async () =>
    (await writes(ids.products)) + (await optional(ids.pages)) + (await optional(ids.settings));
}

/**
 * The settings document as the owner last saved it; undefined when it cannot be read (a schema of
 * its own, SCHEMA_FILE, without the shop's settings, or a database not answering): the defaults
 * apply.
 */
async function savedSettings(databases: DatabasesService, ids: Readonly<ShopIds>) {
  // The read may fail at once (no such database) or later: either way the defaults apply.
  try {
    return await databases.transaction(ids.database, (docs) =>
      docs.get(ids.settings, SHOP_SETTINGS_ID),
    );
  } catch {
    return undefined;
  }
}

/**
 * The shop's facts as the owner last saved them (packages/shop facts.ts), which every page,
 * e-mail and text shows; the defaults when they cannot be read.
 */
export async function savedFacts(
  databases: DatabasesService,
  ids: Readonly<ShopIds>,
): Promise<ShopFacts> {
  const doc = await savedSettings(databases, ids);
  return doc === undefined
    ? DEFAULT_FACTS
    : readShopFacts(doc as Parameters<typeof readShopFacts>[0]);
}

/**
 * The storefront's content as the owner last saved it (packages/shop shop-content.ts: the
 * banner's slides, the promo, the logo and size chart); the defaults when it cannot be read.
 */
export async function savedContent(
  databases: DatabasesService,
  ids: Readonly<ShopIds>,
): Promise<ShopContent> {
  const doc = await savedSettings(databases, ids);
  return doc === undefined ? DEFAULT_CONTENT : contentFrom(doc?.content);
}
