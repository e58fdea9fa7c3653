import { describe, expect, it } from 'vitest';
import { orderWhatsappText, parseOrderLines, savedAddressOf, SHOP_FACTS } from '../src/index.js';

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
    expect(parseOrderLines(products)).toEqual([
      { $id: '111111111', title: 'Kobe 6', price: 30000, disc_price: 25000, quantity: 2, size: 43 },
      { $id: '222222222', title: 'KD 15', price: 18000, disc_price: 0, quantity: 1 },
    ]);
  });

  it('reads malformed data as no lines', () => {
    expect(parseOrderLines(['not json'])).toEqual([]);
    expect(parseOrderLines('[]')).toEqual([]);
    expect(parseOrderLines([JSON.stringify([{ title: 5 }])])).toEqual([]);
  });

  it('prepares the WhatsApp message with the number, lines and total', () => {
    const text = orderWhatsappText({
      order_number: 'a1b2c3',
      lines: [
        { $id: '1', title: 'Kobe 6', price: 30000, disc_price: 25000, quantity: 2, size: 43 },
      ],
      price: 50500,
      payment_type: 'COD',
    });
    expect(text).toBe(
      'Hello! I placed order #a1b2c3:\n- Kobe 6 (EUR 43) x2: Rs.50,000\nTotal: Rs.50,500 (Cash on delivery)',
    );
  });

  it('gives a bank order the payee and every wallet account', () => {
    const text = orderWhatsappText({
      order_number: 'd4e5f6',
      lines: [{ $id: '1', title: 'KD 4', price: 18000, disc_price: 0, quantity: 1 }],
      price: 18000,
      payment_type: 'Bank',
    });
    expect(text.split('\n').slice(2)).toEqual([
      'Total: Rs.18,000 (Bank transfer)',
      'I will pay Rs.18,000 by bank transfer to:',
      `Payee: ${SHOP_FACTS.bank.payee}`,
      ...SHOP_FACTS.bank.accounts.map((a) => `${a.label}: ${a.number}`),
    ]);
    expect(SHOP_FACTS.bank.accounts.length).toBeGreaterThan(0);
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
