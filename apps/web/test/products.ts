import type { Product } from '@courtside/shop';

/** A product document as the backend returns it. */
export function productDoc(over: Partial<Product> = {}): Product {
  return {
    $id: '123456789',
    $createdAt: '2026-01-01T00:00:00.000+00:00',
    $updatedAt: '2026-01-01T00:00:00.000+00:00',
    $permissions: [],
    $databaseId: 'shop',
    $collectionId: 'products',
    title: 'Kobe 6 Protro',
    description: 'Worn twice, cleaned and checked.',
    category: 'kobe',
    price: 30000,
    disc_price: 24000,
    size: 43,
    condition: 9,
    stoke: 'true',
    stock: 2,
    image: 'main-file',
    images: '["extra-1","extra-2"]',
    product_id: '123456789',
    ...over,
  };
}

export const listOf = (documents: Product[]) => ({ total: documents.length, documents });
