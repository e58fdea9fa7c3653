import {
  isOrderNumber,
  isOrderStatus,
  newOrderNumber,
  normalizePakistaniMobile,
  ORDER_STATUSES,
  PHONE_MESSAGE,
  SHOP_MESSAGES,
  unknownProductMessage,
  type PaymentType,
} from '@courtside/shop';
import { AppError } from '../http/errors.js';
import type {
  DocumentHooks,
  DocumentInput,
  HookContext,
  StoredDocument,
} from '../modules/databases/contract.js';
import { requireAdmin, type ShopContext } from './context.js';
import {
  asOrderProduct,
  checkInStock,
  checkPrice,
  parseOrderLines,
  reserve,
  storedOrderLines,
  type PricedOrderLine,
} from './order-lines.js';

const invalid = (message: string) => new AppError('shop_order_invalid', message);

/** Fields a client sends when it places an order (spec section 3). */
const ORDER_FIELDS = new Set([
  'user_id',
  'order_number',
  'User_name',
  'address',
  'phone',
  'email',
  'price',
  'payment_type',
  'order_status',
  'products',
]);

/** The client's order number when it is a free 6-hex number, otherwise a fresh free one. */
async function freeOrderNumber(ctx: HookContext, collection: string, wanted: string) {
  if (isOrderNumber(wanted) && !(await ctx.documents.get(collection, wanted))) return wanted;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = newOrderNumber();
    if (!(await ctx.documents.get(collection, candidate))) return candidate;
  }
  throw new AppError('general_server_error', 'Could not find a free order number, try again');
}

/** Order create (D2, D3, D4, D16): checked, priced and reserved inside the order's transaction. */
async function beforeCreateOrder(
  shop: ShopContext,
  ctx: HookContext,
  input: DocumentInput,
): Promise<DocumentInput> {
  const user = ctx.caller.user;
  if (!user) throw new AppError('user_unauthorized', SHOP_MESSAGES.signInToOrder);
  const data = input.data;
  for (const key of Object.keys(data)) {
    if (!ORDER_FIELDS.has(key)) throw invalid(`An order has no field "${key}"`);
  }
  if (data.user_id !== user.$id)
    throw new AppError('user_unauthorized', SHOP_MESSAGES.ownOrdersOnly);
  if (data.order_status !== undefined && data.order_status !== 'pending') {
    throw invalid(SHOP_MESSAGES.newOrdersPending);
  }
  const payment = data.payment_type;
  if (payment !== 'COD' && payment !== 'Bank') {
    throw invalid('Choose a payment method: cash on delivery or bank transfer');
  }
  const phone = typeof data.phone === 'string' ? normalizePakistaniMobile(data.phone) : null;
  if (!phone) throw invalid(PHONE_MESSAGE);

  const requested = parseOrderLines(data.products);
  const lines: PricedOrderLine[] = [];
  for (const line of requested) {
    const doc = await ctx.documents.get(shop.ids.products, line.productId, { forUpdate: true });
    if (!doc) throw new AppError('shop_product_not_found', unknownProductMessage(line.title));
    const product = asOrderProduct(doc);
    checkInStock(product, line.quantity);
    lines.push({ product, quantity: line.quantity });
  }
  const price = checkPrice(lines, payment as PaymentType, data.price);
  for (const { product, quantity } of lines) {
    await ctx.documents.update(shop.ids.products, product.$id, reserve(product, quantity));
  }

  const orderNumber = await freeOrderNumber(
    ctx,
    ctx.collectionId,
    String(data.order_number ?? input.documentId),
  );
  return {
    documentId: orderNumber,
    data: {
      ...data,
      order_number: orderNumber,
      order_status: 'pending',
      phone,
      price,
      products: storedOrderLines(lines),
    },
    // The customer reads their order; only admins (collection permissions) change it (D4).
    permissions: [`read("user:${user.$id}")`],
  };
}

/** Order update (D4): admins only, and only `order_status`, to one of the three statuses. */
function beforeUpdateOrder(
  shop: ShopContext,
  ctx: HookContext,
  current: StoredDocument,
  patch: { data: Record<string, unknown>; permissions: string[] | null },
) {
  requireAdmin(ctx.caller, shop.ids);
  if (patch.permissions !== null) throw invalid(SHOP_MESSAGES.orderStatusOnly);
  for (const [key, value] of Object.entries(patch.data)) {
    if (key === 'order_status') continue;
    if (JSON.stringify(current[key]) !== JSON.stringify(value)) {
      throw invalid(SHOP_MESSAGES.orderStatusOnly);
    }
  }
  const status = patch.data.order_status;
  if (status !== undefined && !isOrderStatus(status)) {
    throw invalid(`The order status must be one of ${ORDER_STATUSES.join(', ')}`);
  }
  return { data: status === undefined ? {} : { order_status: status }, permissions: null };
}

export interface OrderEvents {
  placed(ctx: HookContext, order: StoredDocument): void;
  removed(ctx: HookContext, order: StoredDocument): void;
}

export function orderHooks(shop: ShopContext, events: OrderEvents): DocumentHooks {
  return {
    beforeCreate: (ctx, input) => beforeCreateOrder(shop, ctx, input),
    afterCreate: (ctx, created) => events.placed(ctx, created),
    beforeUpdate: (ctx, current, patch) => beforeUpdateOrder(shop, ctx, current, patch),
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
    afterDelete: (ctx, deleted) => events.removed(ctx, deleted),
  };
}
