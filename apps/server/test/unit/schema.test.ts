import { describe, expect, it } from 'vitest';
import { parseSchema, SchemaError } from '../../src/schema/load.js';
import { shopSchema } from '../../src/shop/schema.js';
import {
  COURIER_IDS,
  DEFAULT_IDS,
  INFO_TEXT_LIMITS,
  NOTE_MAX,
  TRACKING_NUMBER_MAX,
} from '@courtside/shop';

describe('schema files (appwrite.json)', () => {
  it("reads the shop's schema with its collections, indexes and bucket", () => {
    const s = shopSchema(DEFAULT_IDS);
    expect(s.databases.map((d) => d.$id)).toEqual(['shop']);
    expect(s.collections.map((c) => c.$id)).toEqual([
      'products',
      'orders',
      'order_notes',
      'customer_notes',
      'subscribers',
      'codes',
      'stats',
      'deliveries',
      'pages',
      'settings',
      'order_clients',
      'numbers',
      'number_changes',
    ]);
    // Who placed each unconfirmed order, and the owner's block list and its log: the owner reads
    // them, only the shop's rules write them.
    for (const id of ['order_clients', 'numbers', 'number_changes']) {
      const c = s.collections.find((c) => c.$id === id)!;
      expect(c.$permissions).toEqual(['read("label:admin")']);
    }
    const products = s.collections.find((c) => c.$id === 'products')!;
    // Shoppers read a product through its own permission: a draft has none (product-drafts.ts).
    expect(products.$permissions).toContain('read("label:admin")');
    expect(products.documentSecurity).toBe(true);
    expect(products.attributes.map((a) => a.key)).toEqual(
      expect.arrayContaining([
        'title',
        'price',
        'disc_price',
        'stoke',
        'stock',
        'image',
        'images',
        'product_id',
      ]),
    );
    expect(products.indexes.find((i) => i.type === 'fulltext')?.attributes).toEqual(['title']);
    expect(s.buckets[0]).toMatchObject({
      $id: 'images',
      maximumFileSize: 10_485_760,
      allowedFileExtensions: ['png', 'jpg', 'jpeg', 'webp'],
    });
  });

  it("stores the shop's pages within the limits the dashboard's form checks", () => {
    const pages = shopSchema(DEFAULT_IDS).collections.find((c) => c.$id === 'pages')!;
    expect(pages.$permissions).toEqual([
      'read("any")',
      'create("label:admin")',
      'update("label:admin")',
      'delete("label:admin")',
    ]);
    const size = (key: string) =>
      (pages.attributes.find((a) => a.key === key) as { size?: number } | undefined)?.size;
    expect([size('title'), size('body')]).toEqual([INFO_TEXT_LIMITS.title, INFO_TEXT_LIMITS.body]);
  });

  it("keeps an order's courier from the shop's list, and notes where only the owner reads", () => {
    const s = shopSchema(DEFAULT_IDS);
    const orders = s.collections.find((c) => c.$id === 'orders')!;
    const attr = (key: string) =>
      orders.attributes.find((a) => a.key === key) as { size?: number; elements?: string[] };
    expect(attr('courier').elements).toEqual([...COURIER_IDS]);
    expect(attr('tracking_number').size).toBe(TRACKING_NUMBER_MAX);
    expect(orders.indexes.find((i) => i.type === 'fulltext')?.attributes).toEqual(['User_name']);
    const notes = s.collections.find((c) => c.$id === 'order_notes')!;
    expect(notes.$permissions).toEqual([
      'read("label:admin")',
      'create("label:admin")',
      'delete("label:admin")',
    ]);
    expect(notes.documentSecurity).toBe(false);
    expect((notes.attributes.find((a) => a.key === 'text') as { size?: number }).size).toBe(
      NOTE_MAX,
    );
  });

  it('takes its ids and admin label from the configuration', () => {
    const s = shopSchema({
      ...DEFAULT_IDS,
      database: 'store',
      products: 'items',
      bucket: 'pics',
      adminLabel: 'owner',
    });
    expect(s.databases[0]!.$id).toBe('store');
    expect(s.collections[0]).toMatchObject({ $id: 'items', databaseId: 'store' });
    expect(s.collections[0]!.$permissions).toContain('create("label:owner")');
    expect(s.buckets[0]!.$id).toBe('pics');
  });

  it('lists every problem of a bad file', () => {
    const bad = {
      databases: [{ $id: 'db', name: 'Db' }],
      collections: [
        {
          $id: 'c',
          databaseId: 'nope',
          name: 'C',
          attributes: [{ key: 'a', type: 'string', size: 10, required: true, default: 'x' }],
          indexes: [{ key: 'i', type: 'fulltext', attributes: ['missing'] }],
        },
      ],
    };
    let error: unknown;
    try {
      parseSchema(bad, 'bad.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaError);
    const text = (error as Error).message;
    expect(text).toMatch(/database "nope" is not declared/);
    expect(text).toMatch(/"a" is required and cannot have a default/);
    expect(text).toMatch(/unknown attribute "missing"/);
  });

  it('refuses unknown attribute types with the path', () => {
    expect(() =>
      parseSchema({
        databases: [{ $id: 'db', name: 'Db' }],
        collections: [
          { $id: 'c', databaseId: 'db', name: 'C', attributes: [{ key: 'x', type: 'float' }] },
        ],
      }),
    ).toThrow(/collections\.0\.attributes\.0/);
  });
});
