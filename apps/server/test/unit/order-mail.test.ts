import { encodeOrderLines } from '@courtside/shop';
import { describe, expect, it } from 'vitest';
import {
  confirmationRecipient,
  customerConfirmation,
  ownerNotice,
  type MailOrder,
} from '../../src/shop/order-mail.js';

const order: MailOrder = {
  order_number: 'a1b2c3',
  User_name: 'Ali <script>',
  address: 'House 1 & 2, Lahore',
  phone: '03001234567',
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
    const mail = customerConfirmation(order, 'https://shop.example');
    expect(mail.text).toContain('2 x Kobe 6 "Grinch" <b>, EUR 43: Rs.50,000');
    expect(mail.html).toContain('Kobe 6 &quot;Grinch&quot; &lt;b&gt;, EUR 43');
    expect(mail.html).toContain('Ali &lt;script&gt;');
    expect(mail.html).toContain('House 1 &amp; 2, Lahore');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('https://shop.example/account/my-orders');
  });

  it('tell the owner who ordered, with a link to the order', () => {
    const mail = ownerNotice(order, 'owner@example.pk', 'https://shop.example', 'o1');
    expect(mail.subject).toBe('New order #a1b2c3: Rs.50,500 (COD)');
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
    const mail = customerConfirmation(structured, 'https://shop.example');
    expect(mail.text).toContain('Delivery to: House 1, Near the canal, Lahore');
    expect(mail.text).toContain('Discount code CS10-ABCDEFGH: -Rs.5,000');
    expect(mail.text).toContain('Total: Rs.45,500');
    const notice = ownerNotice(structured, 'owner@example.pk', 'https://shop.example', 'o1');
    expect(notice.text).toContain('Address: House 1, Near the canal, Lahore');
  });
});

describe("the customer's confirmation goes only to an address tied to the account", () => {
  const account = (email: string, emailVerification: boolean) => ({ email, emailVerification });

  it("goes to the account's verified address, whatever the checkout form said", () => {
    expect(confirmationRecipient(account('ali@example.pk', true), 'victim@example.org')).toBe(
      'ali@example.pk',
    );
  });

  it("goes to an unverified account's address only when the form gave that very address", () => {
    expect(confirmationRecipient(account('ali@example.pk', false), ' Ali@Example.pk ')).toBe(
      'ali@example.pk',
    );
    expect(confirmationRecipient(account('ali@example.pk', false), 'victim@example.org')).toBe(
      null,
    );
    expect(confirmationRecipient(null, 'victim@example.org')).toBe(null);
  });
});
