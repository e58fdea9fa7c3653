import { describe, expect, it } from 'vitest';
import {
  encodeOrderLines,
  ORDER_PRODUCTS_MAX,
  orderPairCount,
  orderWhatsappText,
  cartWhatsappText,
  DEFAULT_CHARGES,
  readOrderLines,
  readRequestedLines,
  savedAddressOf,
  DEFAULT_FACTS,
  bankTransferLines,
} from '../src/index.js';

describe('order lines', () => {
  it('reads the one JSON string of cart lines an order holds', () => {
    const products = [
      JSON.stringify([
        {
          $id: '111111111',
          title: 'Kobe 6',
          price: 30000,
          disc_price: 25000,
          quantity: 2,
          size: 43,
        },
        { $id: '222222222', title: 'KD 15', price: 18000, disc_price: 0 },
      ]),
    ];
    expect(readOrderLines(products)).toEqual([
      { $id: '111111111', title: 'Kobe 6', price: 30000, disc_price: 25000, quantity: 2, size: 43 },
      { $id: '222222222', title: 'KD 15', price: 18000, disc_price: 0, quantity: 1 },
    ]);
  });

  it('keeps the lines whole, and drops long texts only when they would not fit', () => {
    const line = {
      $id: '111111111',
      title: 'Kobe 6',
      price: 30000,
      disc_price: 0,
      quantity: 1,
      description: 'Worn twice.',
      images: '["a"]',
    };
    expect(encodeOrderLines([line])).toEqual([JSON.stringify([line])]);
    const long = Array.from({ length: 20 }, (_, i) => ({
      ...line,
      $id: String(100000000 + i),
      description: 'x'.repeat(5000),
    }));
    const encoded = encodeOrderLines(long);
    expect(encoded).toHaveLength(1);
    expect(encoded[0]!.length).toBeLessThanOrEqual(ORDER_PRODUCTS_MAX);
    const compact = JSON.parse(encoded[0]!) as Record<string, unknown>[];
    expect(compact).toHaveLength(20);
    expect(compact[0]).not.toHaveProperty('description');
    // What is written reads back, for display and for the server's check alike.
    expect(readOrderLines(encoded)[0]).toMatchObject({ $id: '100000000', title: 'Kobe 6' });
    expect(readRequestedLines(encoded)).toMatchObject({ lines: { length: 20 } });
  });

  it('reads a new order strictly: merged, sorted, and refused with a reason', () => {
    const lines = [
      { $id: '222222222', title: 'KD 15', quantity: 1 },
      { $id: '111111111', title: 'Kobe 6', quantity: 2 },
      { $id: '222222222', title: 'KD 15', quantity: 3 },
    ];
    expect(readRequestedLines(encodeOrderLines(lines))).toEqual({
      lines: [
        { productId: '111111111', quantity: 2, title: 'Kobe 6' },
        { productId: '222222222', quantity: 4, title: 'KD 15' },
      ],
    });
    expect(readRequestedLines(['[]'])).toEqual({ error: expect.stringMatching(/empty/i) });
    expect(readRequestedLines(['nope'])).toHaveProperty('error');
    expect(readRequestedLines([JSON.stringify([{ $id: 'x', quantity: 1 }])])).toEqual({
      error: 'A cart line does not name a product of the shop',
    });
    expect(
      readRequestedLines([JSON.stringify([{ $id: '111111111', title: 'Kobe 6', quantity: 0 }])]),
    ).toEqual({ error: 'The quantity of "Kobe 6" must be at least 1' });
  });

  it('reads malformed data as no lines', () => {
    expect(readOrderLines(['not json'])).toEqual([]);
    expect(readOrderLines('[]')).toEqual([]);
    expect(readOrderLines([JSON.stringify([{ title: 5 }])])).toEqual([]);
  });

  it('prepares the WhatsApp message with the number, lines and total', () => {
    const text = orderWhatsappText(
      {
        order_number: 'a1b2c3',
        lines: [
          { $id: '1', title: 'Kobe 6', price: 30000, disc_price: 25000, quantity: 2, size: 43 },
        ],
        price: 50500,
        payment_type: 'COD',
      },
      DEFAULT_FACTS,
    );
    expect(text).toBe(
      'Hello! I placed order #A1B2C3:\n- Kobe 6 (EUR 43) x2: Rs.50,000\nTotal: Rs.50,500 (Cash on delivery)',
    );
  });

  it('prepares a cart as a WhatsApp order: each pair with its link, and the total', () => {
    const text = cartWhatsappText(
      [
        {
          $id: '111111111',
          title: 'Kobe 6',
          price: 30000,
          disc_price: 25000,
          quantity: 1,
          size: 43,
        },
        { $id: '222222222', title: 'KD 4', price: 18000, disc_price: 0, quantity: 2 },
      ],
      (id) => `https://courtside.pk/product/${id}`,
      DEFAULT_CHARGES,
    );
    expect(text).toBe(
      [
        'Hello! I would like to order:',
        '- Kobe 6 (EUR 43) x1: Rs.25,000',
        '  https://courtside.pk/product/111111111',
        '- KD 4 x2: Rs.36,000',
        '  https://courtside.pk/product/222222222',
        'Total: Rs.61,000, delivery free, cash on delivery adds Rs.500',
        'Please confirm and tell me how to pay.',
      ].join('\n'),
    );
  });

  it("puts the owner's delivery charge in a cart's total below the threshold, and claims no charges it does not know", () => {
    const line = { $id: '1', title: 'KD 4', price: 8000, disc_price: 0, quantity: 1 };
    const url = (id: string) => `/product/${id}`;
    const charges = { delivery: 300, freeFrom: 10_000, codFee: 0 };
    expect(cartWhatsappText([line], url, charges).split('\n').at(-2)).toBe(
      'Total: Rs.8,300, delivery Rs.300 included',
    );
    expect(cartWhatsappText([line], url).split('\n').at(-2)).toBe('Pairs: Rs.8,000');
  });

  it('lists the charges an order paid', () => {
    const text = orderWhatsappText(
      {
        order_number: 'a1b2c3',
        lines: [{ $id: '1', title: 'KD 4', price: 8000, disc_price: 0, quantity: 1 }],
        price: 8750,
        payment_type: 'COD',
        delivery: 250,
        cod_fee: 500,
      },
      DEFAULT_FACTS,
    );
    expect(text.split('\n').slice(2)).toEqual([
      'Delivery charge: Rs.250',
      'Cash on delivery fee: Rs.500',
      'Total: Rs.8,750 (Cash on delivery)',
    ]);
  });

  it('gives a bank order the payee and every wallet account', () => {
    const text = orderWhatsappText(
      {
        order_number: 'd4e5f6',
        lines: [{ $id: '1', title: 'KD 4', price: 18000, disc_price: 0, quantity: 1 }],
        price: 18000,
        payment_type: 'Bank',
      },
      DEFAULT_FACTS,
    );
    expect(text.split('\n').slice(2)).toEqual([
      'Total: Rs.18,000 (Bank transfer)',
      'I will pay Rs.18,000 by bank transfer to:',
      ...bankTransferLines(DEFAULT_FACTS),
    ]);
    expect(DEFAULT_FACTS.accounts.length).toBeGreaterThan(0);
  });
});

describe('saved address (D10)', () => {
  it('reads the address kept in the preferences', () => {
    const prefs = { address: { firstname: 'Ali', address: '12 Mall Road', city: 'Lahore' } };
    expect(savedAddressOf(prefs)).toEqual({
      firstname: 'Ali',
      lastname: '',
      address: '12 Mall Road',
      etcaddress: '',
      city: 'Lahore',
      phone: '',
    });
  });
  it('is null when none is stored', () => {
    expect(savedAddressOf({})).toBeNull();
    expect(savedAddressOf({ address: 'x' })).toBeNull();
    expect(savedAddressOf({ address: { address: '  ' } })).toBeNull();
    expect(savedAddressOf(null)).toBeNull();
  });
});

describe('pairs in an order', () => {
  it('adds up the quantities of its lines, none for malformed data', () => {
    const products = encodeOrderLines([
      { $id: 'a', title: 'Kobe 6', price: 30000, disc_price: 0, quantity: 2, size: 44 },
      { $id: 'b', title: 'PG 4', price: 20000, disc_price: 0, quantity: 1, size: 42 },
    ]);
    expect(orderPairCount(products)).toBe(3);
    expect(orderPairCount(['not json'])).toBe(0);
    expect(orderPairCount(undefined)).toBe(0);
  });
});
