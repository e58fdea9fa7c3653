import {
  addressPartsOf,
  ORDER_CSV_COLUMNS,
  orderPairCount,
  shopDateTime,
  readOrderLines,
  unitPrice,
  type Order,
} from '@courtside/shop';

/**
 * RFC 4180 quoting. A text starting with = + - @ is neutralised so a spreadsheet never runs it as
 * a formula; phone numbers such as +923XXXXXXXXX are plain numbers and stay as they are.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^[+-][\d\s-]+$/.test(text);
  if (typeof value === 'string' && formula) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function ordersToCsv(orders: readonly Order[]): string {
  const rows = orders.map((o) => {
    const lines = readOrderLines(o.products);
    const address = addressPartsOf(o);
    const products = lines
      .map((l) => `${l.quantity} x ${l.title} (EUR ${l.size ?? '-'}) @ ${unitPrice(l)}`)
      .join('; ');
    return [
      o.order_number || o.$id,
      shopDateTime(o.$createdAt),
      o.User_name,
      o.phone,
      o.email ?? '',
      o.address,
      address.street,
      address.etcaddress,
      address.city,
      orderPairCount(o.products),
      products,
      o.payment_type,
      o.price,
      o.code ?? '',
      o.discount ?? 0,
      o.order_status,
      o.user_id,
      o.courier ?? '',
      o.tracking_number ?? '',
    ];
  });
  return csvTable(ORDER_CSV_COLUMNS, rows);
}

/** A whole CSV file: the header, then one line per row, each cell quoted as csvCell does. */
export function csvTable(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return lines.join('\r\n') + '\r\n';
}

/** Saves text as a file in the browser. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  // The BOM makes Excel read the file as UTF-8 (customer names may not be ASCII).
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
