import { vi } from 'vitest';
import type { Order } from '@courtside/shop';
import { databases } from '../../src/lib/appwrite';
import { list, order } from './dashboard';

/** 25 orders of the dashboard's tests: the newest pending, the rest confirmed or completed. */
export const orders = Array.from({ length: 25 }, (_, i) =>
  order(`a${String(i).padStart(5, '0')}`, {
    User_name: `Customer ${i}`,
    order_status: i === 0 ? 'pending' : i % 2 ? 'confirmed' : 'completed',
    // The first keeps the fixture's one-line address, phone and payment.
    ...(i > 0 && {
      payment_type: i % 3 ? 'COD' : 'Bank',
      phone: `+9230000000${String(i).padStart(2, '0')}`,
      city: i % 2 ? 'Karachi' : 'Lahore',
      street: `House ${i}`,
    }),
  }),
);

/**
 * An orders collection answering the dashboard's queries as the server would: equal, contains
 * (a substring) and search filters, limit, offset and cursor paging.
 */
export function serveOrders(all: Order[] = orders) {
  vi.mocked(databases.listDocuments).mockImplementation(async (_db, col, queries = []) => {
    if (col !== 'orders') return list([]);
    let matching = all;
    let limit = 25;
    let start = 0;
    for (const q of queries) {
      const [, method, args] = /^(\w+)\((.*)\)$/.exec(q)!;
      const [attr, values] = JSON.parse(`[${args}]`) as [string, unknown];
      const field = (o: Order) => String((o as unknown as Record<string, unknown>)[attr]);
      if (method === 'equal')
        matching = matching.filter((o) => (values as string[]).includes(field(o)));
      if (method === 'contains') {
        matching = matching.filter((o) => field(o).includes(String((values as string[])[0])));
      }
      if (method === 'search') {
        const words = String((values as string[])[0])
          .toLowerCase()
          .split(/\s+/);
        matching = matching.filter((o) =>
          words.some((w) =>
            field(o)
              .toLowerCase()
              .split(/\s+/)
              .some((v) => v.startsWith(w)),
          ),
        );
      }
      if (method === 'limit') limit = Number(attr);
      if (method === 'offset') start = Number(attr);
      if (method === 'cursorAfter') start = matching.findIndex((o) => o.$id === attr) + 1;
    }
    return list(matching.slice(start, start + limit), matching.length);
  });
}
