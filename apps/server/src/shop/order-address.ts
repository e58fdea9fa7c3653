import { composeOrderAddress, ORDER_ADDRESS_LIMITS, ADDRESS_MESSAGES } from '@courtside/shop';
import { shopError } from './errors.js';

/**
 * A new order's delivery address: street, city and the extra line as separate fields (what a
 * courier and the CSV need), and the spec's one-line `address` composed from them by the server,
 * so the two always agree. A client that sends only `address` (the spec's form) has it taken as
 * the street; the city is always required.
 */
export interface OrderAddress {
  street: string;
  city: string;
  etcaddress: string;
  address: string;
}

const invalid = (message: string) => shopError('shop_order_invalid', message);

function text(value: unknown, name: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalid(`The order's ${name} must be text`);
  const clean = value.replace(/\s+/g, ' ').trim();
  if (clean.length > max) throw invalid(`The ${name} can be at most ${max} characters long`);
  return clean;
}

export function orderAddress(data: Record<string, unknown>): OrderAddress {
  const given = text(data.street, 'street address', ORDER_ADDRESS_LIMITS.street);
  const street = given || text(data.address, 'street address', ORDER_ADDRESS_LIMITS.street);
  if (!street) throw invalid(ADDRESS_MESSAGES.street);
  const city = text(data.city, 'city', ORDER_ADDRESS_LIMITS.city);
  if (!city) throw invalid(ADDRESS_MESSAGES.city);
  const etcaddress = text(data.etcaddress, 'extra address line', ORDER_ADDRESS_LIMITS.etcaddress);
  return {
    street,
    city,
    etcaddress,
    address: composeOrderAddress({ address: street, city, etcaddress }),
  };
}
