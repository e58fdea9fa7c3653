import { SHOP_FACTS } from '@courtside/shop';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThanksPage } from '../src/features/checkout/ThanksPage';
import { kd, kobe } from './account-fixtures';
import { renderPage } from './render';

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

describe('confirmation page', () => {
  it('links to Track Your Order and Go To Shopping', () => {
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping', state: { order: placed } });
    expect(screen.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute(
      'href',
      '/account/my-orders',
    );
    expect(screen.getByRole('link', { name: 'Go To Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByText('#a1b2c3')).toBeInTheDocument();
  });

  it('sends the order on WhatsApp with its number and lines (D14)', () => {
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping', state: { order: placed } });
    const link = screen.getByRole('link', { name: 'Send order on WhatsApp' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe(`https://wa.me/${SHOP_FACTS.whatsapp}`);
    const text = url.searchParams.get('text')!;
    expect(text).toContain('#a1b2c3');
    expect(text).toContain('- Kobe 6 Protro (EUR 43) x1: Rs.25,000');
    expect(text).toContain('- KD 15 (EUR 44) x1: Rs.18,000');
    expect(text).toContain('Total: Rs.43,500 (Cash on delivery)');
  });

  it('still offers both links when opened without an order', () => {
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping' });
    expect(screen.getByRole('link', { name: 'Track Your Order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To Shopping' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send order on WhatsApp' })).toBeNull();
  });
});
