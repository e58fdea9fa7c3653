import {
  LIVE_ORDER_STATUSES,
  productPermissions,
  readOrderLines,
  unitPrice,
} from '@courtside/shop';
import type { CollectionDef } from '../schema/types.js';
import { KEPT_BY_SHOP, type Kind } from './schema-check.js';
import type { SourceDocument } from './source.js';

/**
 * One old document as the shop stores it: its attributes the shop has (those it keeps itself
 * worked out as the shop does), its times as recorded, and the permissions the shop's own
 * rules give such a document: the customer reads their order (order-rules.ts), shoppers read a
 * product (listed, product-rules.ts), subscribers have none of their own (the collection's
 * permissions hold).
 */
export interface MappedDocument {
  id: string;
  data: Record<string, unknown>;
  permissions: string[];
}

/**
 * Pairs sold per product, counted from the old orders as the shop counts them (sales.ts): the
 * lines of orders pending, confirmed or completed.
 */
export function soldCounts(orders: readonly SourceDocument[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const order of orders) {
    if (!(LIVE_ORDER_STATUSES as readonly unknown[]).includes(order.order_status)) continue;
    for (const line of readOrderLines(order.products)) {
      if (line.$id) counted.set(line.$id, (counted.get(line.$id) ?? 0) + line.quantity);
    }
  }
  return counted;
}

/**
 * `sold`: the pairs the old orders hold, so that the recount after the import finds each product
 * right and leaves its $updatedAt as recorded.
 */
export function mapDocument(
  kind: Kind,
  doc: SourceDocument,
  target: CollectionDef,
  sourceKeys: ReadonlySet<string>,
  sold: ReadonlyMap<string, number> = new Map(),
): MappedDocument {
  const kept = KEPT_BY_SHOP[kind] ?? [];
  const data: Record<string, unknown> = {
    $createdAt: doc.$createdAt,
    $updatedAt: doc.$updatedAt,
  };
  for (const a of target.attributes) {
    if (kept.includes(a.key) || !sourceKeys.has(a.key)) continue;
    if (doc[a.key] !== undefined) data[a.key] = doc[a.key];
  }
  if (kind === 'products') {
    // The original shop knew only the flag: one pair while in stock.
    if (!sourceKeys.has('stock')) data.stock = doc.stoke === 'false' ? 0 : 1;
    // The kept attributes as the shop would have them (kept-fields.ts, sales.ts).
    data.sale_price = unitPrice({ price: Number(doc.price), disc_price: Number(doc.disc_price) });
    data.sold = sold.get(doc.$id) ?? 0;
  }
  const permissions =
    kind === 'orders' && typeof doc.user_id === 'string' && doc.user_id !== ''
      ? [`read("user:${doc.user_id}")`]
      : kind === 'products'
        ? productPermissions(false)
        : [];
  return { id: doc.$id, data, permissions };
}
