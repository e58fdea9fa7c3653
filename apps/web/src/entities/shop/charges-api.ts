import { CHARGES_PATH, type Charges } from '@courtside/shop';
import { endpoint } from '../../config/env';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { call } from '../../lib/errors';

const isRupees = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The charges, and where and up to what total cash on delivery is offered (cod-rules.ts). */
export interface ShopCharges extends Charges {
  /** The largest COD order in rupees; 0: no limit. */
  codMax: number;
  /** The cities COD is offered in; empty: every city. */
  codCities: string[];
}

const citiesOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : [];

/**
 * What an order pays beyond its pairs (the owner's delivery charge and free-delivery threshold,
 * and the COD fee), so the product page, the cart and checkout say what the order will cost. The
 * server prices the order itself with the same settings. Rendered on the server with the product
 * page, so its note is in the page from the first paint.
 */
export const chargesApi = api.injectEndpoints({
  endpoints: (build) => ({
    charges: build.query<ShopCharges, void>({
      queryFn: () =>
        call(async () => {
          const a = (await client.call('get', new URL(`${endpoint}${CHARGES_PATH}`))) as Record<
            string,
            unknown
          >;
          if (
            !isRupees(a.delivery_charge) ||
            !isRupees(a.free_delivery_from) ||
            !isRupees(a.cod_fee)
          ) {
            throw new Error('The shop did not say its delivery charges');
          }
          return {
            delivery: a.delivery_charge,
            freeFrom: a.free_delivery_from,
            codFee: a.cod_fee,
            codMax: isRupees(a.cod_max_value) ? a.cod_max_value : 0,
            codCities: citiesOf(a.cod_cities),
          };
        }),
      // Read anew when the owner saves the settings in this tab.
      providesTags: ['Settings'],
    }),
  }),
});

export const { useChargesQuery } = chargesApi;
