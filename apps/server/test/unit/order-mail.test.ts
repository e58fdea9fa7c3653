import { encodeOrderLines } from '@courtside/shop';
import { describe, expect, it } from 'vitest';
import {
  customerConfirmation,
  orderContacts,
  placedSms,
  ownerNotice,
  type MailOrder,
} from '../../src/shop/order-mail.js';
import { DEFAULT_FACTS } from '@courtside/shop';

const SITE = { url: 'https://shop.example', facts: DEFAULT_FACTS };

const order: MailOrder = {
  order_number: 'a1b2c3',
  User_name: 'Ali <script>',
  address: 'House 1 & 2, Lahore',
  phone: '+923001234567',
  email: 'ali@example.pk',
  price: 50500,
  payment_type: 'COD',
  products: encodeOrderLines([
    {
      $id: '111111111',
      title: 'Kobe 6 "Grinch" <b>',
      price: 30000,
      disc_price: 25000,
      quantity: 2,
      size: 43,
    },
  ]),
};

describe('the order e-mails', () => {
  it('list the lines and totals, with what the customer typed escaped in HTML', () => {
    const mail = customerConfirmation(order, SITE);
    expect(mail.text).toContain('2 x Kobe 6 "Grinch" <b>, EUR 43: Rs.50,000');
    expect(mail.html).toContain('Kobe 6 &quot;Grinch&quot; &lt;b&gt;, EUR 43');
    expect(mail.html).toContain('Ali &lt;script&gt;');
    expect(mail.html).toContain('House 1 &amp; 2, Lahore');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('https://shop.example/track?order=a1b2c3');
    expect(mail.text).toContain('We will call you on 0300 1234567 to confirm it.');
  });

  it('tell the owner who ordered, with a link to the order', () => {
    const mail = ownerNotice(order, 'owner@example.pk', SITE.url, 'o1');
    expect(mail.subject).toBe('New order #A1B2C3: Rs.50,500 (COD)');
    expect(mail.html).toContain('https://shop.example/dashboard/orders/o1');
    expect(mail.html).not.toContain('<script>');
  });
});

describe('an order with its address in parts and a welcome code', () => {
  const structured: MailOrder = {
    ...order,
    address: 'House 1 city: Lahore Near the canal',
    street: 'House 1',
    city: 'Lahore',
    etcaddress: 'Near the canal',
    code: 'CS10-ABCDEFGH',
    discount: 5000,
    price: 45500,
  };

  it('writes the address as a courier reads it, and the discount among the totals', () => {
    const mail = customerConfirmation(structured, SITE);
    expect(mail.text).toContain('Delivery to: House 1, Near the canal, Lahore');
    expect(mail.text).toContain('Discount code CS10-ABCDEFGH: -Rs.5,000');
    expect(mail.text).toContain('Total: Rs.45,500');
    const notice = ownerNotice(structured, 'owner@example.pk', SITE.url, 'o1');
    expect(notice.text).toContain('Address: House 1, Near the canal, Lahore');
  });
});

describe("an order's contacts (docs/shop.md §4)", () => {
  const account = (
    email: string,
    emailVerification: boolean,
    phone = '',
    phoneVerification = false,
  ) => ({
    email,
    emailVerification,
    phone,
    phoneVerification,
  });

  it('are the number and the e-mail given at checkout, proven when the account has verified them', () => {
    expect(
      orderContacts(account('ali@example.pk', true), {
        email: ' Ali@Example.pk ',
        phone: '0300 1234567',
      }),
    ).toEqual({
      email: { to: 'Ali@Example.pk', verified: true },
      phone: { to: '+923001234567', verified: false },
    });
    expect(
      orderContacts(account('', false, '+923001234567', true), {
        email: null,
        phone: '+923001234567',
      }),
    ).toEqual({ email: null, phone: { to: '+923001234567', verified: true } });
  });

  it('an address or number the account has not verified is not proven', () => {
    const contacts = orderContacts(account('ali@example.pk', false, '+923001234567', false), {
      email: 'ali@example.pk',
      phone: '+923001234567',
    });
    expect(contacts.email?.verified).toBe(false);
    expect(contacts.phone?.verified).toBe(false);
    expect(
      orderContacts(null, { email: 'victim@example.org', phone: '+923001234567' }).email,
    ).toEqual({
      to: 'victim@example.org',
      verified: false,
    });
  });

  it('the placed SMS says the number, total, payment and the call, limited unless proven', () => {
    const sms = placedSms(order, SITE, { to: '+923012345678', verified: false });
    expect(sms).toMatchObject({ to: '+923012345678', kind: 'order-placed-sms', limited: true });
    expect(sms.text).toBe(
      'Courtside: thank you for your order #A1B2C3, total Rs.50,500 (cash on delivery). ' +
        'We will call you on 0301 2345678 to confirm it. Follow it: https://shop.example/track?order=a1b2c3',
    );
    expect(placedSms(order, SITE, { to: '+923012345678', verified: true })).not.toHaveProperty(
      'limited',
    );
  });
});
