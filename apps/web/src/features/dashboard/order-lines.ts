import type { CartLine, Order } from '@courtside/shop';

export type OrderLine = CartLine & { size?: number };

/** The cart lines an order holds: `products` is a list with one JSON string (D1). */
export function orderLines(order: Pick<Order, 'products'>): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const chunk of order.products ?? []) {
    try {
      const parsed: unknown = JSON.parse(chunk);
      if (!Array.isArray(parsed)) continue;
      for (const raw of parsed) {
        if (raw && typeof raw === 'object' && typeof (raw as OrderLine).title === 'string') {
          const line = raw as OrderLine;
          lines.push({ ...line, quantity: Number(line.quantity) || 1 });
        }
      }
    } catch {
      /* a damaged order still shows its other fields */
    }
  }
  return lines;
}
