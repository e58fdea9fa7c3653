import { accountLine, DEFAULT_FACTS } from '@courtside/shop';
import { screen, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThanksPage } from '../src/features/checkout/ThanksPage';
import { databases } from '../src/lib/appwrite';
import { customer, kd, kobe, orderOf, storeWith } from './account-fixtures';
import { renderPage } from './render';

beforeEach(() => {
  vi.restoreAllMocks();
});

const placed = {
  order_number: 'a1b2c3',
  price: 43500,
  payment_type: 'COD',
  products: [
    JSON.stringify([
      { ...kobe, quantity: 1 },
      { ...kd, quantity: 1 },
    ]),
  ],
};

const whatsappText = () => {
  const link = screen.getByRole('link', { name: 'Send order on WhatsApp' });
  const url = new URL(link.getAttribute('href')!);
  expect(url.origin + url.pathname).toBe(`https://wa.me/${DEFAULT_FACTS.whatsapp.slice(1)}`);
  return url.searchParams.get('text')!;
};

describe('confirmation page', () => {
  it('lists the pairs with sizes and prices, the discount, delivery, COD fee, total and address', () => {
    const order = {
      ...placed,
      price: 38_700 + 250 + 500,
      code: 'CS10-ABCDEFGH',
      discount: 4_300,
      delivery: 250,
      phone: '+923123456789',
      street: 'House 8, Model Town',
      city: 'Lahore',
      etcaddress: 'Near Link Road',
    };
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping', state: { order } });
    const receipt = screen.getByRole('region', { name: 'Your order' });
    expect(
      within(receipt)
        .getByText(/Kobe 6 Protro/)
        .closest('li'),
    ).toHaveTextContent(/EUR 43.*x1.*Rs\.25,000/);
    expect(within(receipt).getByText(/KD 15/).closest('li')).toHaveTextContent(
      /EUR 44.*Rs\.18,000/,
    );
    expect(within(receipt).getByTestId('subtotal')).toHaveTextContent('Rs.43,000');
    expect(within(receipt).getByTestId('discount')).toHaveTextContent('-Rs.4,300');
    expect(within(receipt).getByTestId('delivery-charge')).toHaveTextContent('Rs.250');
    expect(within(receipt).getByTestId('cod-fee')).toHaveTextContent('Rs.500');
    expect(within(receipt).getByTestId('order-total')).toHaveTextContent('Rs.39,450');
    expect(within(receipt).getByTestId('address')).toHaveTextContent(
      'House 8, Model Town, Near Link Road, Lahore',
    );
    expect(screen.getByText(/We will call you on/)).toHaveTextContent(
      'We will call you on 0312 3456789 to confirm',
    );
  });

  it('gives each account number a Copy button that says Copied, with a fallback', async () => {
    const bank = { ...placed, price: 43000, payment_type: 'Bank' };
    const { user } = renderPage(<ThanksPage />, {
      path: '/thanks-for-shopping',
      state: { order: bank },
    });
    // After user-event's set-up, which puts a clipboard of its own in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const [first] = DEFAULT_FACTS.accounts;
    const copy = screen.getByRole('button', { name: `Copy ${first!.bank} number` });
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(first!.number.replace(/\s+/g, ''));
    expect(copy).toHaveTextContent('Copied');
    // No clipboard (an old in-app browser): the number is selected for the buyer to copy.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const last = DEFAULT_FACTS.accounts.at(-1)!;
    const other = screen.getByRole('button', { name: `Copy ${last.bank} number` });
    await user.click(other);
    expect(other).toHaveTextContent(/Copied|Selected: press copy/);
    expect(window.getSelection()?.toString().replace(/\s+/g, '')).toBe(
      last.number.replace(/\s+/g, ''),
    );
  });

  it('links to Track Your Order and Go To Shopping', () => {
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping', state: { order: placed } });
    expect(screen.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute(
      'href',
      '/account/my-orders',
    );
    expect(screen.getByRole('link', { name: 'Go To Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByText('#A1B2C3')).toBeInTheDocument();
  });

  it('says which number the shop will call to confirm, as people write it', () => {
    renderPage(<ThanksPage />, {
      path: '/thanks-for-shopping',
      state: { order: { ...placed, phone: '+923012345678' } },
    });
    expect(screen.getByText(/We will call you on/)).toHaveTextContent(
      'We will call you on 0301 2345678 to confirm it',
    );
    // A guest follows it without an account: /track with the order's number and mobile number.
    expect(screen.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute(
      'href',
      '/track?order=a1b2c3&phone=%2B923012345678',
    );
  });

  it('sends the order on WhatsApp with its number and lines (D14)', () => {
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping', state: { order: placed } });
    const text = whatsappText();
    expect(text).toContain('#A1B2C3');
    expect(text).toContain('- Kobe 6 Protro (EUR 43) x1: Rs.25,000');
    expect(text).toContain('- KD 15 (EUR 44) x1: Rs.18,000');
    expect(text).toContain('Total: Rs.43,500 (Cash on delivery)');
    expect(text).not.toContain(DEFAULT_FACTS.accounts[0]!.payee);
    expect(screen.queryByRole('region', { name: 'How to pay' })).toBeNull();
  });

  it('gives a bank order the payee and every wallet account, on the page and in WhatsApp', () => {
    const bank = { ...placed, price: 43000, payment_type: 'Bank' };
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping', state: { order: bank } });
    const pay = screen.getByRole('region', { name: 'How to pay' });
    expect(pay).toHaveTextContent('Please send Rs.43,000 to one of these accounts');
    const text = whatsappText();
    expect(DEFAULT_FACTS.accounts.length).toBeGreaterThan(0);
    for (const a of DEFAULT_FACTS.accounts) {
      const row = within(pay).getByText(a.bank).parentElement!;
      expect(row).toHaveTextContent(a.number);
      expect(row.closest('li')).toHaveTextContent(`Account title: ${a.payee}`);
      expect(text).toContain(accountLine(a));
    }
  });

  it('reads the order back by the id in the address after a reload', async () => {
    const get = vi
      .spyOn(databases, 'getDocument')
      .mockResolvedValue(orderOf({ $id: 'd4e5f6', order_status: 'pending', price: 25000 }));
    renderPage(<ThanksPage />, {
      path: '/thanks-for-shopping',
      url: '/thanks-for-shopping?order=d4e5f6',
      store: storeWith(customer),
    });
    expect(await screen.findByText('#D4E5F6')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('shop', 'orders', 'd4e5f6');
    const text = whatsappText();
    expect(text).toContain('#D4E5F6');
    expect(text).toContain('- Kobe 6 Protro (EUR 43) x1: Rs.25,000');
    expect(screen.getByRole('region', { name: 'How to pay' })).toHaveTextContent('Rs.25,000');
  });

  it('says so when the order in the address cannot be read', async () => {
    vi.spyOn(databases, 'getDocument').mockRejectedValue(
      new AppwriteException('Document with the requested ID could not be found.', 404),
    );
    renderPage(<ThanksPage />, {
      path: '/thanks-for-shopping',
      url: '/thanks-for-shopping?order=zzzzzz',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not show this order here. You can follow your orders in My Orders.',
    );
    expect(screen.queryByRole('link', { name: 'Send order on WhatsApp' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Track Your Order' })).toBeInTheDocument();
  });

  it('opened without an order: both links, and no claim that an order was placed', () => {
    const get = vi.spyOn(databases, 'getDocument');
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping' });
    expect(screen.queryByText(/is placed/)).toBeNull();
    expect(screen.getByText(/can be followed in My Orders/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track Your Order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To Shopping' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send order on WhatsApp' })).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('asks a COD buyer to confirm: on WhatsApp with the order and its link, or at once', () => {
    const key = 'AbCdEfGhIjKlMnOpQrStUv_-';
    const order = { ...placed, $id: 'a1b2c3', confirm_key: key, phone: '+923123456789' };
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping', state: { order } });
    expect(screen.getByText(/Please confirm it below/)).toHaveTextContent(
      'Your order #A1B2C3 is placed. Please confirm it below; we also sent the link by SMS to 0312 3456789.',
    );
    const box = screen.getByRole('region', { name: 'Confirm your order' });
    const wa = new URL(
      within(box).getByRole('link', { name: 'Confirm on WhatsApp' }).getAttribute('href')!,
    );
    expect(wa.origin + wa.pathname).toBe(`https://wa.me/${DEFAULT_FACTS.whatsapp.slice(1)}`);
    expect(wa.searchParams.get('text')).toBe(
      `Assalam o Alaikum! I confirm my order #A1B2C3. Confirmation link: ${window.location.origin}/confirm/a1b2c3.${key}`,
    );
    expect(within(box).getByRole('link', { name: 'Confirm now' })).toHaveAttribute(
      'href',
      `/confirm/a1b2c3.${key}`,
    );
  });

  it('has no confirmation box for a bank order, or an order without a key', () => {
    renderPage(<ThanksPage />, {
      path: '/thanks-for-shopping',
      state: {
        order: { ...placed, payment_type: 'Bank', $id: 'a1b2c3', confirm_key: 'k'.repeat(24) },
      },
    });
    expect(screen.queryByRole('region', { name: 'Confirm your order' })).not.toBeInTheDocument();
  });
});
