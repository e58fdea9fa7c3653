import { holdLimitRule } from '@courtside/shop';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from '../src/features/cart/CartPage';
import { databases } from '../src/lib/appwrite';
import { mockShopCalls } from './shop-calls';
import { listOf, productDoc } from './products';
import { renderPage } from './render';

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

function cartOf(pairs: number, limit: number) {
  const product = productDoc({ stock: 10 });
  vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf([product]) as never);
  const call = mockShopCalls({ pairs: limit });
  localStorage.setItem('cart', JSON.stringify([{ ...product, quantity: pairs }]));
  renderPage(<CartPage />);
  return call;
}

describe('the hold limit in the cart', () => {
  it('says the rule with the shop’s number and holds back checkout when the cart is over it', async () => {
    const call = cartOf(4, 3);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(holdLimitRule(3));
    expect(alert).toHaveTextContent('Take 1 pair out to check out');
    expect(alert.textContent).not.toMatch(/0 pairs/);
    expect(screen.getByRole('button', { name: 'Check Out' })).toBeDisabled();
    expect(call.mock.calls.map((c) => String(c[1]))).toContainEqual(
      expect.stringMatching(/\/v1\/shop\/hold-limit$/),
    );
  });

  it('follows the owner’s setting and says nothing while the cart fits', async () => {
    cartOf(4, 5);
    expect(await screen.findByRole('button', { name: 'Check Out' })).toBeEnabled();
    expect(screen.queryByText(/may hold at most/)).toBeNull();
  });
});

describe('Delete All Items', () => {
  it('asks in the page first, and Keep them keeps the cart', async () => {
    const ask = vi.spyOn(window, 'confirm');
    cartOf(2, 3);
    const user = userEvent.setup();
    const deleteAll = await screen.findByRole('button', { name: 'Delete All Items' });
    await user.click(deleteAll);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete all items' });
    expect(dialog).toHaveTextContent('Delete all 2 pairs from your cart?');
    // The safe answer has the focus: Enter or a second tap does not empty the cart.
    expect(within(dialog).getByRole('button', { name: 'Keep them' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteAll).toHaveFocus();
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(1);
    await user.click(deleteAll);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(deleteAll);
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText('Your Cart is Empty')).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
  });
});
