import { PRODUCT_LIMITS } from './constants.js';
import { DEFAULT_FACTS } from './facts-defaults.js';
import type { ShopFacts } from './facts.js';
import { readShopFacts, TEXT_FACT_KEYS } from './facts-rules.js';
import { DEFAULT_CHARGES, type Charges } from './pricing.js';

/**
 * The owner's settings of the shop: collection `settings`, one document with this id, read and
 * written by admins only. A setting never saved reads as its default.
 */
export const SHOP_SETTINGS_ID = 'shop';

export interface ShopSettings extends ShopFacts {
  /** The dashboard's Low stock view lists products in stock with this many pairs or fewer. */
  low_stock: number;
  /**
   * No hoarding (docs/limits.md, "Unconfirmed pairs"): the pairs one account, one phone number
   * and one client address (an IPv6 network counted per /64) may hold in orders the shop has not
   * confirmed, and the hours such an order holds them before it expires. Null until the owner
   * saves one: the server's starting values apply (PENDING_PAIRS_PER_CUSTOMER and the others).
   */
  pending_pairs_per_customer: number | null;
  pending_pairs_per_phone: number | null;
  pending_pairs_per_address: number | null;
  pending_hold_hours: number | null;
  /** Rupees delivery costs the buyer below the free-delivery threshold (0: always free). */
  delivery_charge: number;
  /** The pairs' subtotal, in rupees, from which delivery is free. */
  free_delivery_from: number;
  /** Rupees cash on delivery adds to an order (0: no fee). */
  cod_fee: number;
  /** Numbers and cash on delivery (number-history.ts, cod-rules.ts). */
  /** A number is risky from this many refused parcels. */
  risky_at_refusals: number;
  /** A number is trusted from this many delivered orders (and no risk). */
  trusted_at_deliveries: number;
  /** The largest order, in rupees, that may be paid cash on delivery (0: no limit). */
  cod_max_value: number;
  /** The cities cash on delivery is offered in (stored as JSON text); empty: every city. */
  cod_cities: string[];
  /** Risky numbers must pay in advance (blocked numbers always must). */
  advance_for_risky: boolean;
  /**
   * The buyer confirms (order-confirm.ts): a cash-on-delivery order unconfirmed after
   * `confirm_hours` is cancelled, its pairs back on sale; one reminder SMS goes after
   * `confirm_reminder_hours` (0: none); while `confirm_before_shipping` is on, the owner ships
   * (tracking number, complete) only confirmed orders.
   */
  confirm_hours: number;
  confirm_reminder_hours: number;
  confirm_before_shipping: boolean;
}

/** The delivery settings, each with the range the schema (appwrite.json) accepts. */
export const CHARGE_SETTINGS = Object.freeze({
  delivery_charge: { min: 0, max: 100_000, label: 'Delivery charge (Rs.)' },
  free_delivery_from: { min: 0, max: 100_000_000, label: 'Free delivery from (Rs.)' },
  cod_fee: { min: 0, max: 100_000, label: 'Cash on delivery fee (Rs.)' },
} as const);

export type ChargeSetting = keyof typeof CHARGE_SETTINGS;

/** A whole-number setting's range and its label in the dashboard ("(Rs.)" for rupees). */
export interface NumberSetting {
  min: number;
  max: number;
  label: string;
}

/** Whether `value` is a whole number within the setting's range. */
export const isWithin = (spec: NumberSetting, value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= spec.min && value <= spec.max;

/** What the dashboard says of a value out of the setting's range. */
export function settingRangeMessage(spec: NumberSetting): string {
  const range = `from ${spec.min} to ${spec.max.toLocaleString('en-US')}`;
  return spec.label.endsWith(' (Rs.)')
    ? `${spec.label.replace(' (Rs.)', '')} must be whole rupees ${range}`
    : `${spec.label} must be a whole number ${range}`;
}

/** The charges an order pays beyond its pairs under these settings (pricing.ts). */
export const chargesOf = (s: Pick<ShopSettings, ChargeSetting>): Charges => ({
  delivery: s.delivery_charge,
  freeFrom: s.free_delivery_from,
  codFee: s.cod_fee,
});

/** The hold settings, each with the range the schema (appwrite.json) accepts. */
export const HOLD_SETTINGS = Object.freeze({
  pending_pairs_per_customer: { min: 1, max: 1000, label: 'Pairs per account' },
  pending_pairs_per_phone: { min: 1, max: 1000, label: 'Pairs per phone number' },
  pending_pairs_per_address: { min: 1, max: 10_000, label: 'Pairs per client address' },
  pending_hold_hours: { min: 1, max: 24 * 365, label: 'Hours to pay in advance' },
} as const);

export type HoldSetting = keyof typeof HOLD_SETTINGS;

/** The labels' thresholds, each with the range the schema (appwrite.json) accepts. */
export const RISK_SETTINGS = Object.freeze({
  risky_at_refusals: { min: 1, max: 100, label: 'Risky from refused parcels' },
  trusted_at_deliveries: { min: 1, max: 100, label: 'Trusted from delivered orders' },
} as const);

export type RiskSetting = keyof typeof RISK_SETTINGS;

/** The largest cash-on-delivery order (0: no limit), in the range the schema accepts. */
export const COD_MAX_SETTING = Object.freeze({
  min: 0,
  max: 100_000_000,
  label: 'Largest COD order (Rs.)',
} as const);

/** The cities list's limits: how many, and the longest name. */
export const COD_CITIES_LIMITS = Object.freeze({ count: 300, name: 60 });
/** The buyer's confirmation's hours, each with the range the schema (appwrite.json) accepts. */
export const CONFIRM_SETTINGS = Object.freeze({
  confirm_hours: { min: 1, max: 720, label: 'Hours to confirm a cash-on-delivery order' },
  confirm_reminder_hours: { min: 0, max: 720, label: 'Reminder SMS after (hours, 0 = none)' },
} as const);

export type ConfirmSetting = keyof typeof CONFIRM_SETTINGS;

export const DEFAULT_SHOP_SETTINGS: Readonly<ShopSettings> = Object.freeze({
  ...DEFAULT_FACTS,
  low_stock: 1,
  pending_pairs_per_customer: null,
  pending_pairs_per_phone: null,
  pending_pairs_per_address: null,
  pending_hold_hours: null,
  delivery_charge: DEFAULT_CHARGES.delivery,
  free_delivery_from: DEFAULT_CHARGES.freeFrom,
  cod_fee: DEFAULT_CHARGES.codFee,
  risky_at_refusals: 1,
  trusted_at_deliveries: 2,
  cod_max_value: 0,
  cod_cities: [],
  advance_for_risky: true,
  confirm_hours: 12,
  confirm_reminder_hours: 2,
  confirm_before_shipping: true,
});

export const LOW_STOCK_MESSAGE = `Low stock must be a whole number of pairs from 1 to ${PRODUCT_LIMITS.stock.toLocaleString('en-US')}`;

/** Whether `value` is a low-stock threshold the shop accepts (at most the largest stock). */
export const isLowStock = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= PRODUCT_LIMITS.stock;

/** The settings a stored document holds, each missing or broken one at its default. */
export function readShopSettings(
  doc: Partial<Record<keyof ShopSettings, unknown>> | null,
): ShopSettings {
  const low = doc?.low_stock;
  const hold = (key: HoldSetting) => {
    const value = doc?.[key];
    return isWithin(HOLD_SETTINGS[key], value) ? value : null;
  };
  const charge = (key: ChargeSetting) => {
    const value = doc?.[key];
    return isWithin(CHARGE_SETTINGS[key], value) ? value : DEFAULT_SHOP_SETTINGS[key];
  };
  const confirmHours = (key: ConfirmSetting) => {
    const value = doc?.[key];
    return isWithin(CONFIRM_SETTINGS[key], value) ? value : DEFAULT_SHOP_SETTINGS[key];
  };
  return {
    ...readShopFacts(doc),
    low_stock: isLowStock(low) ? low : DEFAULT_SHOP_SETTINGS.low_stock,
    pending_pairs_per_customer: hold('pending_pairs_per_customer'),
    pending_pairs_per_phone: hold('pending_pairs_per_phone'),
    pending_pairs_per_address: hold('pending_pairs_per_address'),
    pending_hold_hours: hold('pending_hold_hours'),
    delivery_charge: charge('delivery_charge'),
    free_delivery_from: charge('free_delivery_from'),
    cod_fee: charge('cod_fee'),
    ...readCodSettings(doc),
    confirm_hours: confirmHours('confirm_hours'),
    confirm_reminder_hours: confirmHours('confirm_reminder_hours'),
    confirm_before_shipping:
      typeof doc?.confirm_before_shipping === 'boolean'
        ? doc.confirm_before_shipping
        : DEFAULT_SHOP_SETTINGS.confirm_before_shipping,
  };
}

/** The risk and cash-on-delivery settings of a stored document, each broken one at its default. */
function readCodSettings(doc: Partial<Record<keyof ShopSettings, unknown>> | null) {
  const risk = (key: RiskSetting) => {
    const value = doc?.[key];
    return isWithin(RISK_SETTINGS[key], value) ? value : DEFAULT_SHOP_SETTINGS[key];
  };
  const max = doc?.cod_max_value;
  const advance = doc?.advance_for_risky;
  return {
    risky_at_refusals: risk('risky_at_refusals'),
    trusted_at_deliveries: risk('trusted_at_deliveries'),
    cod_max_value: isWithin(COD_MAX_SETTING, max) ? max : DEFAULT_SHOP_SETTINGS.cod_max_value,
    cod_cities: readCities(doc?.cod_cities),
    advance_for_risky:
      typeof advance === 'boolean' ? advance : DEFAULT_SHOP_SETTINGS.advance_for_risky,
  };
}

/** The cities of a stored list (JSON text, or a list): its names, anything else dropped. */
function readCities(value: unknown): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = [];
    }
  }
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string' && !!c) : [];
}

/** The settings as the settings document keeps them: the accounts as JSON text. */
export type StoredSettings = Partial<
  Omit<ShopSettings, 'accounts' | 'cod_cities'> & { accounts: string; cod_cities: string }
>;

/** The shop's facts among its settings: what every page, e-mail and invoice may show. */
export function factsOf(s: ShopSettings): ShopFacts {
  const facts = { accounts: s.accounts, exchange_days: s.exchange_days } as ShopFacts;
  for (const key of TEXT_FACT_KEYS) facts[key] = s[key];
  return facts;
}
