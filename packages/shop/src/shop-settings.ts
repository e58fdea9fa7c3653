import { PRODUCT_LIMITS } from './constants.js';

/**
 * The owner's settings of the shop: collection `settings`, one document with this id, read and
 * written by admins only. A setting never saved reads as its default.
 */
export const SHOP_SETTINGS_ID = 'shop';

export interface ShopSettings {
  /** The dashboard's Low stock view lists products in stock with this many pairs or fewer. */
  low_stock: number;
}

export const DEFAULT_SHOP_SETTINGS: Readonly<ShopSettings> = Object.freeze({ low_stock: 1 });

export const LOW_STOCK_MESSAGE = `Low stock must be a whole number of pairs from 1 to ${PRODUCT_LIMITS.stock.toLocaleString('en-US')}`;

/** Whether `value` is a low-stock threshold the shop accepts (at most the largest stock). */
export const isLowStock = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= PRODUCT_LIMITS.stock;

/** The settings a stored document holds, each missing or broken one at its default. */
export function readShopSettings(doc: Partial<Record<keyof ShopSettings, unknown>> | null) {
  const low = doc?.low_stock;
  return { low_stock: isLowStock(low) ? low : DEFAULT_SHOP_SETTINGS.low_stock };
}
