import { formatPakistaniMobile } from './contact.js';
import { formatRs } from './money.js';
import type { NumberLabel } from './number-history.js';

/**
 * The owner's rules for cash on delivery (settings, shop-settings.ts): the largest COD order, the
 * cities COD is offered in, and "pay in advance" for risky numbers; a blocked number always pays
 * in advance. The server judges every COD order by them inside the order's transaction; checkout
 * asks the same question first (COD_CHECK_PATH), so the answer is never a surprise.
 */

export interface CodSettings {
  /** Rupees; 0: no largest value. */
  cod_max_value: number;
  /** City names; empty: every city. */
  cod_cities: readonly string[];
  advance_for_risky: boolean;
}

/** Which rule refuses COD. Blocked and risky numbers answer alike ('number') to the buyer. */
export type CodRule = 'number' | 'city' | 'max_value';

export interface CodRefusal {
  rule: CodRule;
  message: string;
}

/** A city as the rules compare it: "  dera  ghazi-khan " and "Dera Ghazi Khan" are one. */
export const cityKey = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether COD is offered in `city` under these cities (none: everywhere). */
export function codCityAllowed(cities: readonly string[], city: string): boolean {
  if (cities.length === 0) return true;
  const key = cityKey(city);
  return cities.some((c) => cityKey(c) === key);
}

/** What the buyer can do instead, with the shop's WhatsApp number. */
export const payInAdvanceHint = (whatsapp: string): string =>
  `Please pay in advance by bank transfer, or WhatsApp us at ${formatPakistaniMobile(whatsapp)}.`;

/**
 * Why cash on delivery is refused for this order, or null when it is offered: the number first
 * (blocked, or risky when the owner asks risky numbers to pay in advance), then the city, then
 * the order's total (what the buyer would pay in cash).
 */
export function codRefusal(
  order: { label: NumberLabel; city: string; total: number },
  rules: CodSettings,
  whatsapp: string,
): CodRefusal | null {
  const hint = payInAdvanceHint(whatsapp);
  if (order.label === 'blocked' || (order.label === 'risky' && rules.advance_for_risky)) {
    return {
      rule: 'number',
      message: `Cash on delivery is not available for this mobile number. ${hint}`,
    };
  }
  if (!codCityAllowed(rules.cod_cities, order.city)) {
    const city = order.city.trim() || 'this city';
    return {
      rule: 'city',
      message: `Cash on delivery is not offered in ${city}. ${hint}`,
    };
  }
  if (rules.cod_max_value > 0 && order.total > rules.cod_max_value) {
    return {
      rule: 'max_value',
      message: `Cash on delivery is for orders up to ${formatRs(rules.cod_max_value)}. ${hint}`,
    };
  }
  return null;
}

/**
 * The checkout's question (GET, anyone, rate limited): `?phone=&city=&total=` answers
 * `{ cod: true }` or `{ cod: false, rule, message }`. The order's own check stays the judge.
 */
export const COD_CHECK_PATH = '/shop/cod-check';

export type CodVerdict = { cod: true } | ({ cod: false } & CodRefusal);
