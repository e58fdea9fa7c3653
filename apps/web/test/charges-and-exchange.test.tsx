import { COD_FEE, DEFAULT_FACTS, formatRs } from '@courtside/shop';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from '../src/features/cart/CartPage';
import { ProductPage } from '../src/features/product/ProductPage';
import { Footer } from '../src/features/shell/Footer';
import { SizesPage } from '../src/features/sizes/SizesPage';
import { databases } from '../src/lib/appwrite';
import { listOf, productDoc } from './products';
import { renderPage } from './render';
import { CHARGES_ANSWER, mockShopCalls } from './shop-calls';

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The same charges before checkout as at it: the owner's delivery charge and the COD fee. */
describe('what the buyer pays beyond the pairs', () => {
  const cartOf = (product: ReturnType<typeof productDoc>, charges = CHARGES_ANSWER) => {
    vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf([product]) as never);
    mockShopCalls({ charges });
    localStorage.setItem('cart', JSON.stringify([{ ...product, quantity: 1 }]));
    renderPage(<CartPage />);
  };

  it('the product page says them under the price', async () => {
    vi.spyOn(databases, 'getDocument').mockResolvedValue(productDoc() as never);
    vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf([]) as never);
    mockShopCalls({ charges: { ...CHARGES_ANSWER, free_delivery_from: 15_000 } });
    renderPage(<ProductPage />, { path: '/product/:slug', url: '/product/123456789' });
    const note = await screen.findByTestId('charges-note');
    await waitFor(() =>
      expect(note).toHaveTextContent(
        `Delivery Rs.250, free from Rs.15,000 · Cash on delivery +${formatRs(COD_FEE)}`,
      ),
    );
  });

  it('the cart waives delivery only when its pairs reach the threshold, and says so', async () => {
    cartOf(productDoc()); // Rs.24,000
    const note = await screen.findByTestId('charges-note');
    await waitFor(() => expect(note).not.toBeEmptyDOMElement());
    expect(note).toHaveTextContent(
      `Delivery is free for this order · Cash on delivery +${formatRs(COD_FEE)}, bank transfer adds nothing`,
    );
    expect(screen.getByTestId('delivery-charge')).toHaveTextContent('Free');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Rs.24,000');
  });

  it('the cart adds the delivery charge below the threshold', async () => {
    cartOf(productDoc({ price: 8_000, disc_price: 0 }), {
      ...CHARGES_ANSWER,
      delivery_charge: 300,
    });
    await waitFor(() => expect(screen.getByTestId('delivery-charge')).toHaveTextContent('Rs.300'));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Rs.8,300');
    expect(screen.getByTestId('charges-note')).toHaveTextContent(
      'Delivery Rs.300 (free from Rs.10,000: Rs.2,000 more)',
    );
    expect(screen.queryByText(/Delivery is free/)).toBeNull();
  });
});

describe('returns', () => {
  const exchange = `within ${DEFAULT_FACTS.exchange_days} days of delivery`;

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
