import type { APIRequestContext } from '@playwright/test';
import { Query } from 'appwrite';
import {
  CAROUSEL_LIMIT,
  composeOrderAddress,
  encodeOrderLines,
  newOrderNumber,
  DEFAULT_CHARGES,
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

/**
 * The home page's New arrivals call, as the SDK sends it: the web app's carousel queries
 * (newest first, CAROUSEL_LIMIT of them), numbered `queries[n]` parameters.
 */
export function newArrivalsPath(): string {
  const queries = [Query.limit(CAROUSEL_LIMIT), Query.orderDesc('$createdAt')];
  const params = new URLSearchParams(queries.map((q, i) => [`queries[${i}]`, q]));
  return `${documentsPath('products')}?${params}`;
}

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

/** Creates a document as the caller (the server's rules apply as to the web app's calls). */
export async function createDocument<T>(
  request: APIRequestContext,
  baseURL: string,
  collection: string,
  data: Record<string, unknown>,
): Promise<T> {
  const res = await request.post(`${baseURL}${documentsPath(collection)}`, {
    headers: PROJECT_HEADERS,
    data: { documentId: 'unique()', data },
  });
  if (!res.ok()) throw new Error(`create in ${collection}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Deletes a document as the caller; one already gone is fine. */
export async function deleteDocument(
  request: APIRequestContext,
  baseURL: string,
  collection: string,
  id: string,
): Promise<void> {
  const res = await request.delete(`${baseURL}${documentsPath(collection)}/${id}`, {
    headers: PROJECT_HEADERS,
  });
  if (!res.ok() && res.status() !== 404) {
    throw new Error(`${collection}/${id}: ${res.status()} ${await res.text()}`);
  }
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
  const street = '22 Abdullah Haroon Road';
  const line = { ...product, quantity: 1 };
  return createDocument<Order>(request, baseURL, 'orders', {
    user_id: user.$id,
    order_number: newOrderNumber(),
    User_name: customer.name,
    address: composeOrderAddress({ address: street, city: customer.city }),
    street,
    city: customer.city,
    etcaddress: '',
    phone: customer.phone,
    email: user.email,
    price: orderTotal([line], 'COD', 0, DEFAULT_CHARGES),
    payment_type: 'COD',
    products: encodeOrderLines([line]),
  });
}
