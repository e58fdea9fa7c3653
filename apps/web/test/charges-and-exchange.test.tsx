import { COD_FEE, formatRs, SHOP_FACTS } from '@courtside/shop';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from '../src/features/cart/CartPage';
import { Footer } from '../src/features/shell/Footer';
import { SizesPage } from '../src/features/sizes/SizesPage';
import { databases } from '../src/lib/appwrite';
import { listOf, productDoc } from './products';
import { renderPage } from './render';

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The same charges before checkout as at it: free delivery and the COD fee, from the shop's pricing. */
describe('what the buyer pays beyond the pairs', () => {
  const fee = `Cash on delivery adds ${formatRs(COD_FEE)}; bank transfer adds nothing.`;

  it('the cart says it in its summary', async () => {
    const product = productDoc();
    vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf([product]) as never);
    localStorage.setItem('cart', JSON.stringify([{ ...product, quantity: 1 }]));
    renderPage(<CartPage />);
    expect(await screen.findByTestId('charges-note')).toHaveTextContent(`Delivery is free. ${fee}`);
  });
});

describe('returns', () => {
  const exchange = `within ${SHOP_FACTS.exchangeDays} days of delivery`;

  it('the footer speaks of the size exchange, not a bare "No returns"', () => {
    renderPage(<Footer />);
    const line = screen.getByText(/Every pair is checked before it ships/);
    expect(line).toHaveTextContent(exchange);
    expect(line.textContent).not.toMatch(/No returns;/);
  });

  it('the size guide says it and links to the exchange policy', () => {
    renderPage(<SizesPage />);
    expect(screen.getByText(new RegExp(exchange))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How the size exchange works' })).toHaveAttribute(
      'href',
      '/size-exchange',
    );
  });
});
