import { screen, waitFor, within } from '@testing-library/react';
import { Query } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@courtside/shop';
import { printPath, receiptPageRules } from '../src/features/dashboard/orders/print/paper';
import { databases } from '../src/lib/appwrite';
import { list, order, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

const cod = order('a1b2c3', {
  User_name: 'Ali Raza',
  street: '12 Mall Road',
  city: 'Lahore',
  etcaddress: 'Near Regal Chowk',
  phone: '+923219876543',
});
const bank = order('d4e5f6', { User_name: 'Sana Khan', payment_type: 'Bank', price: 50000 });

function serve(all: Order[]) {
  vi.mocked(databases.listDocuments).mockImplementation(async (_db, _col, queries = []) => {
    const wanted = all.filter((o) => queries.some((q) => q.includes(`"${o.$id}"`)));
    return list(wanted);
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  serve([cod, bank]);
});

describe('printable invoices and packing slips', () => {
  it('one slip per order asked for, in that order, with the address, lines and cash to collect', async () => {
    renderDashboard(printPath([bank.$id, cod.$id]));
    const slips = await screen.findAllByRole('article');
    expect(slips.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Invoice #D4E5F6',
      'Invoice #A1B2C3',
    ]);
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'orders', [
      Query.equal('$id', ['d4e5f6', 'a1b2c3']),
      Query.limit(2),
    ]);
    const slip = within(slips[1]!);
    expect(slip.getByText('12 Mall Road')).toBeInTheDocument();
    expect(slip.getByText('Near Regal Chowk')).toBeInTheDocument();
    expect(slip.getByText('Lahore')).toBeInTheDocument();
    expect(slip.getByText('0321 9876543')).toBeInTheDocument();
    expect(slip.getByRole('cell', { name: 'Kobe 6 Grinch' })).toBeInTheDocument();
    expect(slip.getByText('Collect cash: Rs.50,500')).toBeInTheDocument();
    expect(within(slips[0]!).getByText('Bank transfer: nothing to collect')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print 2 slips' })).toBeEnabled();
  });

  it.each(['cancelled', 'returned'] as const)(
    'a %s order says not to collect anything',
    async (status) => {
      serve([{ ...cod, order_status: status }]);
      renderDashboard(printPath([cod.$id]));
      const slip = await screen.findByRole('article', { name: 'Invoice #A1B2C3' });
      expect(within(slip).getByText(`Do not collect: this order is ${status}`)).toBeVisible();
      expect(within(slip).queryByText(/Collect cash/)).toBeNull();
    },
  );

  it('the receipt roll: narrow slips, each on a page as long as itself; the choice stays in the link', async () => {
    const { user, router } = renderDashboard(printPath([cod.$id]));
    await screen.findByRole('article', { name: 'Invoice #A1B2C3' });
    await user.click(screen.getByRole('radio', { name: '80 mm receipt' }));
    expect(router.state.location.search).toContain('paper=receipt');
    const slip = screen.getByRole('article', { name: 'Invoice #A1B2C3' });
    expect(slip).toHaveClass('slip-receipt');
    expect(slip.style.getPropertyValue('page')).toBe('receipt-0');
    expect(within(slip).queryByRole('table')).toBeNull();
    expect(receiptPageRules([377])).toContain(
      '@page receipt-0 { size: 80mm 110mm; margin: 3mm 0; }',
    );
  });

  it('says so when an order is gone, and when there is nothing to print', async () => {
    renderDashboard(printPath([cod.$id, 'gone00']));
    expect(await screen.findByText(/1 order was not found/)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    renderDashboard('/dashboard/print');
    expect(
      await screen.findByText('No order to print: choose orders in the list first.'),
    ).toBeInTheDocument();
  });

  it('is the owner’s only', async () => {
    const { router } = renderDashboard(printPath([cod.$id]), null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(databases.listDocuments).not.toHaveBeenCalled();
  });
});
