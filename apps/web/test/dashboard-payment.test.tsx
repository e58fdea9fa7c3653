import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { databases } from '../src/lib/appwrite';
import { renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

import { orders, serveOrders } from './support/dashboard-orders';

/**
 * The Payment panel of a bank-transfer order's page (docs/shop.md, Paying in advance): the
 * buyer's screenshot, the state, Mark paid with amount and reference, Refunded.
 */

const bankOrder = {
  ...orders[0]!,
  payment_type: 'Bank',
  price: 50_000,
  payment_state: 'proof_sent',
  payment_proof: 'proof1',
};

beforeEach(() => {
  vi.clearAllMocks();
  serveOrders();
  // The screenshot, fetched with the session.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new Blob(['png']), { status: 200 })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:proof');
  URL.revokeObjectURL = vi.fn();
});

const panel = async () => (await screen.findByRole('heading', { name: 'Payment' })).parentElement!;

describe("a bank order's payment", () => {
  it('shows the screenshot and marks the order paid with amount and reference', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(bankOrder as never);
    vi.mocked(databases.updateDocument).mockResolvedValue({
      ...bankOrder,
      payment_state: 'paid',
      paid_amount: 50_000,
      paid_reference: 'MZN 123',
      paid_at: '2026-11-29T10:00:00.000+00:00',
    } as never);
    const { user } = renderDashboard('/dashboard/orders/a00000');
    const box = await panel();
    expect(within(box).getByText('Proof to check')).toBeInTheDocument();
    expect(await within(box).findByRole('img', { name: 'Payment screenshot' })).toHaveAttribute(
      'src',
      'blob:proof',
    );
    const amount = within(box).getByLabelText('Amount received (Rs.)');
    expect(amount).toHaveValue('50000');
    // The reference is needed: said beside the field, nothing sent.
    await user.click(within(box).getByRole('button', { name: 'Mark paid' }));
    expect(
      within(box).getByText("The reference (the bank's transaction id) is 1 to 80 characters"),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.type(within(box).getByLabelText('Bank reference'), 'MZN 123');
    await user.click(within(box).getByRole('button', { name: 'Mark paid' }));
    expect(
      within(box).getByText('The amount received is whole rupees, more than 0'),
    ).toBeInTheDocument();
    expect(databases.updateDocument).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '50,000');
    await user.click(within(box).getByRole('button', { name: 'Mark paid' }));
    expect(databases.updateDocument).toHaveBeenCalledWith('shop', 'orders', 'a00000', {
      payment_state: 'paid',
      paid_amount: 50_000,
      paid_reference: 'MZN 123',
    });
    expect(await within(box).findByText('Paid')).toBeInTheDocument();
    expect(within(box).getByText('MZN 123')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Refunded' })).toBeInTheDocument();
  });

  it('has no payment panel for cash on delivery', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(orders[0] as never);
    renderDashboard('/dashboard/orders/a00000');
    await screen.findByRole('heading', { name: 'Order Info' });
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });
});
