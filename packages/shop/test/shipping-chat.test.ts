import { describe, expect, it } from 'vitest';
import {
  checkNoteText,
  checkShipping,
  COURIER_IDS,
  courierName,
  customerChatLink,
  customerKey,
  encodeOrderLines,
  normalizeTrackingNumber,
  orderConfirmationText,
  NOTE_MAX,
  SHIPPING_MESSAGES,
  trackingLink,
  whatsappChatLink,
  whatsappNumber,
} from '../src/index.js';

describe('couriers and tracking links', () => {
  it('lists the couriers a Pakistani shop uses, plus Other', () => {
    expect(COURIER_IDS).toEqual(['TCS', 'Leopards', 'M&P', 'PostEx', 'Trax', 'Other']);
    expect(courierName('M&P')).toBe('M&P');
    expect(courierName('Other')).toBe('Other courier');
  });

  it("opens the parcel's own page where the courier has one, else its tracking form", () => {
    expect(trackingLink('TCS', '779412345678')).toEqual({
      url: 'https://www.tcsexpress.com/track/779412345678',
      direct: true,
    });
    expect(trackingLink('M&P', 'MP-2231')).toEqual({
      url: 'https://www.mulphilog.com/tracking/MP-2231',
      direct: true,
    });
    for (const courier of ['Leopards', 'PostEx', 'Trax']) {
      const link = trackingLink(courier, 'KI123456789');
      expect(link?.direct).toBe(false);
      expect(link?.url).toMatch(/^https:\/\/[a-z.]+\/tracking$/);
    }
  });

  it('has no link without a number or for another courier', () => {
    expect(trackingLink('TCS', null)).toBeNull();
    expect(trackingLink('TCS', '')).toBeNull();
    expect(trackingLink('Other', '12345678')).toBeNull();
    expect(trackingLink('DHL', '12345678')).toBeNull();
    expect(trackingLink(null, '12345678')).toBeNull();
  });

  it('keeps a tracking number without spaces, and refuses what no courier prints', () => {
    expect(normalizeTrackingNumber(' 7794 1234 5678 ')).toBe('779412345678');
    expect(normalizeTrackingNumber('KI-123456789')).toBe('KI-123456789');
    expect(normalizeTrackingNumber('123')).toBeNull();
    expect(normalizeTrackingNumber('12345<script>')).toBeNull();
    expect(normalizeTrackingNumber('x'.repeat(41))).toBeNull();
  });

  it('checks courier and number together, as the server does', () => {
    expect(checkShipping({ courier: 'TCS', tracking_number: '7794 1234 5678' })).toEqual({
      ok: { courier: 'TCS', tracking_number: '779412345678' },
    });
    // A courier alone is fine (picked before the parcel is booked); empty clears both.
    expect(checkShipping({ courier: 'Trax', tracking_number: '' })).toEqual({
      ok: { courier: 'Trax', tracking_number: null },
    });
    expect(checkShipping({ courier: '', tracking_number: null })).toEqual({
      ok: { courier: null, tracking_number: null },
    });
    expect(checkShipping({ courier: 'DHL' })).toEqual({ error: SHIPPING_MESSAGES.courier });
    expect(checkShipping({ courier: 'TCS', tracking_number: '12' })).toEqual({
      error: SHIPPING_MESSAGES.trackingNumber,
    });
    expect(checkShipping({ courier: null, tracking_number: '779412345678' })).toEqual({
      error: 'Choose the courier of this tracking number',
    });
  });
});

describe("the customer's WhatsApp", () => {
  it('turns every way of writing a Pakistani mobile into the number wa.me wants', () => {
    for (const phone of ['+923001234567', '0300 1234567', '0300-1234567', '0092 300 1234567']) {
      expect(whatsappNumber(phone)).toBe('923001234567');
    }
    expect(whatsappNumber('042 35761234')).toBeNull();
    expect(whatsappNumber('')).toBeNull();
  });

  it("opens a chat with the customer's number from the orders list, none for a landline", () => {
    expect(whatsappChatLink('0300 1234567')).toBe('https://wa.me/923001234567');
    expect(whatsappChatLink('042 35761234')).toBeNull();
  });

  const order = {
    $id: 'a1b2c3',
    order_number: 'a1b2c3',
    User_name: 'Ayesha Khan',
    phone: '+923001234567',
    address: 'House 12 city: Lahore',
    street: 'House 12, Street 4',
    city: 'Lahore',
    etcaddress: 'Near the mosque',
    price: 40_500,
    payment_type: 'COD' as const,
    products: encodeOrderLines([
      {
        $id: '123456789',
        title: 'Kobe 6 Grinch',
        price: 25_000,
        disc_price: 0,
        size: 44,
        quantity: 1,
      },
      { $id: '223456789', title: 'Curry 4', price: 15_000, disc_price: 0, quantity: 1 },
    ]),
  };

  it('prefills a confirmation with the number, the pairs, the cash to collect and the address', () => {
    expect(orderConfirmationText(order, 'Courtside')).toBe(
      [
        'Assalam o Alaikum Ayesha! This is Courtside about your order #A1B2C3:',
        '- Kobe 6 Grinch (EUR 44) x1',
        '- Curry 4 x1',
        '2 pairs. Cash to pay on delivery: Rs.40,500.',
        'Delivery to: House 12, Street 4, Near the mosque, Lahore.',
        'Please reply to confirm your order.',
      ].join('\n'),
    );
    const bank = orderConfirmationText(
      { ...order, payment_type: 'Bank', price: 40_000 },
      'Courtside',
    );
    expect(bank).toContain('2 pairs. Total Rs.40,000, paid by bank transfer.');
    expect(bank).not.toContain('Cash to pay');
  });

  it("links to the customer's chat, or to nothing for a number WhatsApp cannot reach", () => {
    const link = customerChatLink(order, 'Courtside')!;
    expect(link.startsWith('https://wa.me/923001234567?text=')).toBe(true);
    expect(decodeURIComponent(link.split('?text=')[1]!)).toBe(
      orderConfirmationText(order, 'Courtside'),
    );
    expect(customerChatLink({ ...order, phone: '042 35761234' }, 'Courtside')).toBeNull();
  });
});

describe("the owner's notes", () => {
  it('keeps 1 to 1000 characters, trimmed', () => {
    expect(checkNoteText('  Called, will pick up Friday ')).toEqual({
      ok: 'Called, will pick up Friday',
    });
    expect(checkNoteText('   ')).toEqual({ error: 'Write the note first' });
    expect(checkNoteText('x'.repeat(NOTE_MAX + 1))).toEqual({
      error: 'A note holds at most 1000 characters',
    });
    expect(checkNoteText(42)).toEqual({ error: 'Write the note first' });
  });

  it('knows a customer by their number as the Customers list does', () => {
    expect(customerKey('0301 2345678')).toBe('+923012345678');
    expect(customerKey('+92 301-2345678')).toBe('+923012345678');
    // An imported order's number that is not a mobile stays as it was typed.
    expect(customerKey(' 042 35761234 ')).toBe('042 35761234');
    expect(customerKey('   ')).toBeNull();
    expect(customerKey('9'.repeat(41))).toBeNull();
    expect(customerKey(3012345678)).toBeNull();
  });
});
