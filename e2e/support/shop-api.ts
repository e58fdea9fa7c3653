import type { APIRequestContext } from '@playwright/test';
import {
  composeOrderAddress,
  encodeOrderLines,
  newOrderNumber,
  orderTotal,
  type Order,
  type Product,
} from '@courtside/shop';

/**
 * The protocol (what the SDK sends), for journeys that check the screens against the data.
 * `request` carries the session of whoever it belongs to (`page.request` shares the page's cookies).
 */
export const PROJECT_HEADERS = { 'X-Appwrite-Project': 'courtside' } as const;

const documentsPath = (collection: string) =>
  `/v1/databases/shop/collections/${collection}/documents`;

/** Every document of a collection the caller may read, newest first, page by page. */
export async function listAll<T extends { $id: string }>(
  request: APIRequestContext,
  baseURL: string,
  collection: string,
  queries: string[] = [],
): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  for (;;) {
    const q = [...queries, 'orderDesc("$createdAt")', 'limit(100)'];
    if (after) q.push(`cursorAfter("${after}")`);
    const url = new URL(`${baseURL}${documentsPath(collection)}`);
    for (const query of q) url.searchParams.append('queries[]', query);
    const res = await request.get(url.href, { headers: PROJECT_HEADERS });
    if (!res.ok()) throw new Error(`${url.pathname}: ${res.status()} ${await res.text()}`);
    const page = (await res.json()) as { documents: T[] };
    all.push(...page.documents);
    if (page.documents.length < 100) return all;
    after = page.documents[page.documents.length - 1]!.$id;
  }
}

/** One document, or null when the caller gets a 404 for it. */
export async function getDocument<T>(
  request: APIRequestContext,
  baseURL: string,
  collection: string,
  id: string,
): Promise<T | null> {
  const res = await request.get(`${baseURL}${documentsPath(collection)}/${id}`, {
    headers: PROJECT_HEADERS,
  });
  if (res.status() === 404) return null;
  if (!res.ok()) throw new Error(`${collection}/${id}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The HTTP status of a stored file (200 while it exists, 404 once deleted). */
export async function fileStatus(
  request: APIRequestContext,
  baseURL: string,
  fileId: string,
): Promise<number> {
  const res = await request.get(`${baseURL}/v1/storage/buckets/images/files/${fileId}/view`, {
    headers: PROJECT_HEADERS,
  });
  return res.status();
}

/**
 * Places a cash-on-delivery order for one pair of `product` as the signed-in customer whose
 * session `request` carries, the way checkout sends it (the server checks and prices it).
 */
export async function placeOrder(
  request: APIRequestContext,
  baseURL: string,
  product: Product,
  customer: { name: string; phone: string; city: string },
): Promise<Order> {
  const me = await request.get(`${baseURL}/v1/account`, { headers: PROJECT_HEADERS });
  if (!me.ok()) throw new Error(`not signed in: ${me.status()}`);
  const user = (await me.json()) as { $id: string; email: string };
  const number = newOrderNumber();
  const street = '22 Abdullah Haroon Road';
  const res = await request.post(`${baseURL}${documentsPath('orders')}`, {
    headers: PROJECT_HEADERS,
    data: {
      documentId: number,
      data: {
        user_id: user.$id,
        order_number: number,
        User_name: customer.name,
        address: composeOrderAddress({ address: street, city: customer.city }),
        street,
        city: customer.city,
        etcaddress: '',
        phone: customer.phone,
        email: user.email,
        price: orderTotal([{ ...product, quantity: 1 }], 'COD'),
        payment_type: 'COD',
        products: encodeOrderLines([{ ...product, quantity: 1 }]),
      },
    },
  });
  if (!res.ok()) throw new Error(`order refused: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Order;
}
