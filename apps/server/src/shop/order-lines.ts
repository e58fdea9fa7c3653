import {
  isProductId,
  onlyLeftMessage,
  orderTotal,
  SHOP_MESSAGES,
  soldOutMessage,
  type PaymentType,
} from '@courtside/shop';
import { AppError } from '../http/errors.js';
import type { StoredDocument } from '../modules/databases/contract.js';

/** Reading an order's `products` (spec section 3, D1) and checking it against the stored products. */

export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 100;

/** One cart line as the backend needs it: which product and how many. */
export interface RequestedLine {
  productId: string;
  quantity: number;
  /** The title the customer saw, for messages when the product is gone. */
  title: string | undefined;
}

const invalid = (message: string) => new AppError('shop_order_invalid', message);

/**
 * `products` is a list holding one JSON string of the cart lines; each line carries the
 * product's `$id` and a whole `quantity` of at least 1. Lines of the same product are merged.
 */
export function parseOrderLines(products: unknown): RequestedLine[] {
  if (!Array.isArray(products) || products.length !== 1 || typeof products[0] !== 'string') {
    throw invalid('The order must list its products as one JSON text of the cart lines');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(products[0]);
  } catch {
    throw invalid('The order lists its products in a form that cannot be read');
  }
  if (!Array.isArray(parsed)) throw invalid('The order must list its products as cart lines');
  if (parsed.length === 0) throw invalid(SHOP_MESSAGES.emptyCart);
  if (parsed.length > MAX_ORDER_LINES) {
    throw invalid(`An order can hold at most ${MAX_ORDER_LINES} different products`);
  }
  const merged = new Map<string, RequestedLine>();
  for (const raw of parsed) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw invalid('Every cart line must be a product with a quantity');
    }
    const line = raw as Record<string, unknown>;
    const id = line.$id ?? line.product_id;
    const title = typeof line.title === 'string' ? line.title : undefined;
    if (typeof id !== 'string' || !isProductId(id)) {
      throw invalid(`${title ? `"${title}"` : 'A cart line'} does not name a product of the shop`);
    }
    const quantity = line.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      throw invalid(`The quantity of ${title ? `"${title}"` : 'every item'} must be at least 1`);
    }
    const previous = merged.get(id);
    const total = (previous?.quantity ?? 0) + quantity;
    if (total > MAX_LINE_QUANTITY) {
      throw invalid(`At most ${MAX_LINE_QUANTITY} of one product fit in an order`);
    }
    merged.set(id, { productId: id, quantity: total, title: previous?.title ?? title });
  }
  // Sorted, so concurrent orders lock the same products in the same order (no deadlocks).
  return [...merged.values()].sort((a, b) => a.productId.localeCompare(b.productId));
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
    throw new AppError('shop_product_sold_out', soldOutMessage(product.title));
  }
  if (product.stock < quantity) {
    throw new AppError('shop_product_sold_out', onlyLeftMessage(product.title, product.stock));
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

/** The order's total from the stored products (D2, D3); a different client total is refused. */
export function checkPrice(lines: PricedOrderLine[], payment: PaymentType, claimed: unknown) {
  const total = orderTotal(
    lines.map((l) => ({
      price: l.product.price,
      disc_price: l.product.disc_price,
      quantity: l.quantity,
    })),
    payment,
  );
  if (typeof claimed !== 'number' || claimed !== total) {
    throw new AppError('shop_price_changed', SHOP_MESSAGES.priceChanged);
  }
  return total;
}

/** What the order stores in `products`: the stored product fields plus the quantity. */
export function storedOrderLines(lines: PricedOrderLine[]): string[] {
  const cart = lines.map(({ product, quantity }) => {
    const { $permissions: _p, $databaseId: _d, $collectionId: _c, ...fields } = product;
    return { ...fields, quantity };
  });
  return [JSON.stringify(cart)];
}
