import {
  CUSTOMERS_MAX_LIMIT,
  CUSTOMERS_PATH,
  formatPakistaniMobile,
  shopDateTime,
  type Customer,
} from '@courtside/shop';
import { endpoint } from '../../../config/env';
import { api } from '../../../lib/api';
import { client } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';
import { csvTable } from '../csv';

export interface CustomersPage {
  total: number;
  customers: Customer[];
}

export interface CustomersArgs {
  search: string;
  limit: number;
  offset: number;
}

async function readCustomers({ search, limit, offset }: CustomersArgs): Promise<CustomersPage> {
  const url = new URL(`${endpoint}${CUSTOMERS_PATH}`);
  if (search) url.searchParams.set('search', search);
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('offset', String(offset));
  return (await client.call('get', url)) as CustomersPage;
}

/** The shop's customers (server: shop/customers-route.ts), counted from the orders. */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    customers: build.query<CustomersPage, CustomersArgs>({
      queryFn: (args) => call(() => readCustomers(args)),
      providesTags: ['Order'],
    }),
  }),
});

export const { useCustomersQuery } = customersApi;

/** Every customer the search finds, page after page, for the export. */
export async function fetchAllCustomers(search: string): Promise<Customer[]> {
  const all: Customer[] = [];
  for (;;) {
    const page = await readCustomers({ search, limit: CUSTOMERS_MAX_LIMIT, offset: all.length });
    all.push(...page.customers);
    if (page.customers.length === 0 || all.length >= page.total) return all;
  }
}

export const CUSTOMER_CSV_COLUMNS = [
  'name',
  'phone',
  'email',
  'orders',
  'pairs',
  'spent',
  'first_order',
  'last_order',
  'delivered',
  'returned',
  'cancelled',
  'subscriber',
  'codes',
] as const;

/** The customers export: dates in Pakistan time, like every export. */
export function customersToCsv(list: readonly Customer[]): string {
  return csvTable(
    CUSTOMER_CSV_COLUMNS,
    list.map((c) => [
      c.name,
      formatPakistaniMobile(c.phone),
      c.email,
      c.orders,
      c.pairs,
      c.spent,
      shopDateTime(c.firstOrderAt),
      shopDateTime(c.lastOrderAt),
      c.delivered,
      c.returned,
      c.cancelled,
      c.subscriber ? 'yes' : 'no',
      c.codes.join(' '),
    ]),
  );
}
