import { cityKey } from './cod-rules.js';
import { PK_CITIES } from './cities.js';
import {
  COD_CITIES_LIMITS,
  COD_MAX_SETTING,
  isWithin,
  RISK_SETTINGS,
  settingRangeMessage,
  type RiskSetting,
} from './shop-settings.js';

/**
 * The checks of the risk and cash-on-delivery settings, in the owner's words: the server refuses
 * a wrong value with these, and the dashboard says them before it sends.
 */

const isRiskSetting = (key: string): key is RiskSetting => Object.hasOwn(RISK_SETTINGS, key);

/** What is wrong with one of these settings' values, or null (also for other settings). */
export function codSettingError(key: string, value: unknown): string | null {
  if (isRiskSetting(key)) {
    return isWithin(RISK_SETTINGS[key], value) ? null : settingRangeMessage(RISK_SETTINGS[key]);
  }
  if (key === 'cod_max_value') {
    return isWithin(COD_MAX_SETTING, value) ? null : settingRangeMessage(COD_MAX_SETTING);
  }
  if (key === 'advance_for_risky') {
    return typeof value === 'boolean' ? null : '"Risky numbers pay in advance" must be on or off';
  }
  if (key === 'cod_cities') return citiesError(value);
  return null;
}

function parsedCities(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

function citiesError(value: unknown): string | null {
  const list = parsedCities(value);
  if (!Array.isArray(list)) return 'The cities for cash on delivery must be a list of city names';
  if (list.length > COD_CITIES_LIMITS.count) {
    return `List at most ${COD_CITIES_LIMITS.count} cities for cash on delivery`;
  }
  for (const city of list) {
    if (typeof city !== 'string' || !cityKey(city)) return 'Each city needs a name';
    if (city.trim().length > COD_CITIES_LIMITS.name) {
      return `A city's name must be at most ${COD_CITIES_LIMITS.name} characters`;
    }
  }
  return null;
}

const KNOWN = new Map(PK_CITIES.map((c) => [cityKey(c), c]));

/** A city's name as it is kept: Pakistan's cities spelt as the list has them, others tidied. */
export const cleanCityName = (name: string): string =>
  KNOWN.get(cityKey(name)) ?? name.trim().replace(/\s+/g, ' ');

/** The cities, cleaned, each once (checked first by codSettingError). */
export function cleanCities(value: unknown): string[] {
  const list = parsedCities(value) as string[];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const city of list) {
    const key = cityKey(city);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(cleanCityName(city));
  }
  return out;
}
