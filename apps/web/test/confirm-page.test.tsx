import { CONFIRM_MESSAGES, type OrderConfirmView } from '@courtside/shop';
import { screen, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmPage } from '../src/features/confirm/ConfirmPage';
import { client } from '../src/lib/appwrite';
import { renderPage } from './render';

/** /confirm/<order id>.<key> (docs/shop.md, "The buyer confirms"). */

beforeEach(() => {
  vi.restoreAllMocks();
});

const KEY = 'AbCdEfGhIjKlMnOpQrStUv_-';
const pending: OrderConfirmView = {
  order_number: 'a1b2c3',
  order_status: 'pending',
  payment_type: 'COD',
  lines: [{ title: 'Nike Kobe 6 Protro', size: 43, quantity: 1, unit: 25_000, amount: 25_000 }],
  subtotal: 25_000,
  discount: 0,
  delivery: 0,
  codFee: 500,
  total: 25_500,
  collect: 25_500,
  address: 'House 8, Model Town, Lahore',
  expiresAt: '2026-11-20T22:00:00.000+00:00',
  confirmed_by: null,
  confirmed_at: null,
  cancelled_by: null,
  shipped: false,
};

/** The link's calls answered: reads with `view`, answers with what `answer` gives. */
function serve(view: OrderConfirmView | Error, answer?: (action: string) => OrderConfirmView) {
  return vi.spyOn(client, 'call').mockImplementation(async (method, url, _h, params) => {
    if (!String(url).includes('/shop/confirm')) return {};
    if (method === 'get') {
      if (view instanceof Error) throw view;
      return view;
    }
    return answer!(String((params as { action: string }).action));
  });
}

const open = (token = `a1b2c3.${KEY}`) =>
  renderPage(<ConfirmPage />, { path: '/confirm/:token', url: `/confirm/${token}` });

describe('/confirm', () => {
  it("shows the order's pairs, sizes, total, cash to pay and address, and confirms it", async () => {
    const calls = serve(pending, () => ({
      ...pending,
      order_status: 'confirmed',
      confirmed_by: 'buyer',
    }));
    const { user } = open();
    const summary = await screen.findByRole('region', { name: 'Order #A1B2C3' });
    expect(
      within(summary)
        .getByText(/Nike Kobe 6 Protro/)
        .closest('li'),
    ).toHaveTextContent(/EUR 43.*x1.*Rs\.25,000/);
    expect(within(summary).getByTestId('cash-to-pay')).toHaveTextContent(
      'Cash to pay the rider: Rs.25,500',
    );
    expect(summary).toHaveTextContent('House 8, Model Town, Lahore');
    expect(calls.mock.calls[0]![3]).toEqual({ order: 'a1b2c3', key: KEY });
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(
      await screen.findByRole('heading', { name: 'Your order is confirmed' }),
    ).toBeInTheDocument();
    expect(calls.mock.calls.at(-1)![3]).toEqual({ order: 'a1b2c3', key: KEY, action: 'confirm' });
    expect(screen.queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument();
  });

  it('asks once before cancelling, and keeps the order when the buyer changes their mind', async () => {
    const calls = serve(pending, () => ({
      ...pending,
      order_status: 'cancelled',
      cancelled_by: 'buyer',
    }));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const ask = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep my order' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.mock.calls.filter((c) => c[0] === 'post')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel my order' }));
    expect(
      await screen.findByRole('heading', { name: 'Your order is cancelled' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/is cancelled, as you asked/)).toBeInTheDocument();
  });

  it('says plainly when the link is not valid, without asking the server for a broken one', async () => {
    const calls = serve(
      new AppwriteException(CONFIRM_MESSAGES.notFound, 404, 'shop_confirm_not_found'),
    );
    open();
    expect(
      await screen.findByRole('heading', { name: 'This link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message us on WhatsApp' })).toBeInTheDocument();
    calls.mockClear();
    open('not-a-link');
    expect(screen.getAllByRole('heading', { name: 'This link is not valid' })).toHaveLength(2);
    expect(calls.mock.calls.filter((c) => String(c[1]).includes('/shop/confirm'))).toEqual([]);
  });

  it('says when the link has expired', async () => {
    serve(new AppwriteException(CONFIRM_MESSAGES.expired, 410, 'shop_confirm_expired'));
    open();
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText(CONFIRM_MESSAGES.expired)).toBeInTheDocument();
  });

  it('shows where an order stands once it moved on: confirmed, on its way', async () => {
    serve({ ...pending, order_status: 'confirmed', confirmed_by: 'owner' });
    open();
    expect(
      await screen.findByRole('heading', { name: 'Your order is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    vi.restoreAllMocks();
    serve({ ...pending, order_status: 'confirmed', shipped: true });
    open(`a1b2c4.${KEY}`);
    expect(
      await screen.findByRole('heading', { name: 'Your order is on its way' }),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of an answer (the order moved on meanwhile)", async () => {
    vi.spyOn(client, 'call').mockImplementation(async (method, url) => {
      if (!String(url).includes('/shop/confirm')) return {};
      if (method === 'get') return pending;
      throw new AppwriteException(
        'This order is already confirmed: nothing more to do. We will send it soon.',
        409,
        'shop_confirm_used',
      );
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already confirmed');
  });
});
