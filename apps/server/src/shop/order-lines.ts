import { shopError } from './errors.js';
import {
  encodeOrderLines,
  onlyLeftMessage,
  priceOrder,
  readRequestedLines,
  SHOP_MESSAGES,
  soldOutMessage,
  unitPrice,
  type Charges,
  type OrderCode,
  type OrderPrice,
  type PaymentType,
  type RequestedLine,
} from '@courtside/shop';
import type { StoredDocument } from '../modules/databases/contract.js';

/**
 * A new order's lines against the stored products: the strict reading of `products` (the codec
 * is packages/shop/src/order-lines.ts), stock and price checks, and what the order stores.
 */

/** The lines of a new order; a malformed `products` is refused as `shop_order_invalid`. */
export function parseOrderLines(products: unknown): RequestedLine[] {
  const read = readRequestedLines(products);
  if ('error' in read) throw shopError('shop_order_invalid', read.error);
  return read.lines;
}

export interface OrderProduct {
  $id: string;
  title: string;
  price: number;
  disc_price: number;
  stoke: string;
  stock: number;
  [field: string]: unknown;
}

/** The stored product's fields as an order line needs them (also what the order stores). */
export function asOrderProduct(doc: StoredDocument): OrderProduct {
  return {
    ...doc,
    $id: doc.$id,
    title: String(doc.title ?? ''),
    price: Number(doc.price ?? 0),
    disc_price: Number(doc.disc_price ?? 0),
    stoke: String(doc.stoke ?? 'true'),
    stock: Number(doc.stock ?? 0),
  };
}

/** Refuses a line whose product is out of stock or has fewer units left than asked for. */
export function checkInStock(product: OrderProduct, quantity: number): void {
  if (product.stoke !== 'true' || product.stock <= 0) {
    throw shopError('shop_product_sold_out', soldOutMessage(product.title));
  }
  if (product.stock < quantity) {
    throw shopError('shop_product_sold_out', onlyLeftMessage(product.title, product.stock));
  }
}

/** The stock and stock flag of a product once `quantity` units are reserved (D16). */
export function reserve(product: OrderProduct, quantity: number) {
  const stock = product.stock - quantity;
  return { stock, stoke: stock > 0 ? 'true' : 'false' } as const;
}

export interface PricedOrderLine {
  product: OrderProduct;
  quantity: number;
}

/**
 * The order's price from the stored products and the shop's charges (D2, D3: pricing.ts
 * priceOrder): the pairs less what a discount code takes off, the delivery charge unless the pairs
 * reach the free-delivery threshold, the COD fee; a different client total is refused.
 */
export function checkPrice(
  lines: PricedOrderLine[],
  payment: PaymentType,
  claimed: unknown,
  charges: Charges,
  code: OrderCode = null,
): OrderPrice {
  const price = priceOrder(lines.map(offerLineOf), payment, charges, code);
  if (typeof claimed !== 'number' || claimed !== price.total) {
    throw shopError('shop_price_changed', SHOP_MESSAGES.priceChanged);
  }
  return price;
}

/** A line as prices and codes look at it: its product, brand line, prices and quantity. */
export function offerLineOf(l: PricedOrderLine) {
  return {
    $id: l.product.$id,
    category: typeof l.product.category === 'string' ? l.product.category : null,
    price: l.product.price,
    disc_price: l.product.disc_price,
    sale_from: typeof l.product.sale_from === 'string' ? l.product.sale_from : null,
    sale_until: typeof l.product.sale_until === 'string' ? l.product.sale_until : null,
    quantity: l.quantity,
  };
}

/** What the order stores in `products`: the stored product fields plus the quantity. */
export function storedOrderLines(lines: PricedOrderLine[]): string[] {
  const cart = lines.map(({ product, quantity }) => {
    const { $permissions: _p, $databaseId: _d, $collectionId: _c, ...fields } = product;
    // The price paid stays as it was: a sale's window is not kept, a closed one's price dropped.
    const { sale_from: _f, sale_until: _u, ...kept } = fields;
    return {
      ...kept,
      disc_price: unitPrice(product) < product.price ? product.disc_price : 0,
      quantity,
    };
  });
  return encodeOrderLines(cart);
}
