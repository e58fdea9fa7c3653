import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { heldGroups, type OrderClient } from '../src/features/dashboard/orders/held-pairs';
import { client, databases } from '../src/lib/appwrite';
import { list, order, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

import { serveOrders } from './support/dashboard-orders';

/** Three accounts from one address (one of them twice), and a customer alone. */
const records: OrderClient[] = [
  { $id: 'b00001', user_id: 'u1', phone: '+923001110001', client: '203.0.113.9', pairs: 3 },
  { $id: 'b00002', user_id: 'u2', phone: '+923001110002', client: '203.0.113.9', pairs: 2 },
  { $id: 'b00003', user_id: 'u3', phone: '+923001110003', client: '203.0.113.9', pairs: 1 },
  { $id: 'b00004', user_id: 'u4', phone: '+923001110004', client: '198.51.100.4', pairs: 1 },
  { $id: 'b00005', user_id: 'u4', phone: '+923001110004', client: '', pairs: 2 },
];

beforeEach(() => {
  vi.clearAllMocks();
  serveOrders();
  const orders = vi.mocked(databases.listDocuments).getMockImplementation()!;
  vi.mocked(databases.listDocuments).mockImplementation(async (db, col, queries) =>
    col === 'order_clients' ? list(records) : orders(db, col, queries),
  );
  vi.mocked(databases.getDocument).mockRejectedValue(
    new AppwriteException('Document not found', 404, 'document_not_found'),
  );
  vi.mocked(databases.updateDocument).mockImplementation(
    async (_db, _col, id) => ({ $id: id, order_status: 'cancelled' }) as never,
  );
});

describe('held pairs', () => {
  it('groups pending orders by address and by phone, several accounts first', () => {
    expect(heldGroups(records)).toEqual([
      {
        kind: 'address',
        key: '203.0.113.9',
        orderIds: ['b00001', 'b00002', 'b00003'],
        accounts: 3,
        pairs: 6,
        suspicious: true,
      },
      {
        kind: 'phone',
        key: '+923001110004',
        orderIds: ['b00004', 'b00005'],
        accounts: 1,
        pairs: 3,
        suspicious: false,
      },
    ]);
  });

  it("shows the owner the groups and releases one group's holds after one confirm", async () => {
    const { user } = renderDashboard('/dashboard/orders');
    const panel = await screen.findByRole('region', { name: 'Held pairs' });
    expect(panel).toHaveTextContent('9 pairs held in 5 unconfirmed orders');
    const group = within(panel).getByRole('listitem', { name: 'Address 203.0.113.9' });
    expect(group).toHaveTextContent('3 accounts · 3 orders · 6 pairsSeveral accounts');
    expect(within(panel).getByRole('listitem', { name: 'Phone 0300 1110004' })).toHaveTextContent(
      '1 account · 2 orders · 3 pairs',
    );

    await user.click(within(group).getByRole('button', { name: 'Release holds' }));
    const ask = within(group).getByRole('alertdialog', { name: 'Confirm release' });
    expect(ask).toHaveTextContent(
      'Cancel 3 orders (#B00001, #B00002, #B00003) and put their 6 pairs',
    );
    expect(databases.updateDocument).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Cancel 3 orders' }));
    await waitFor(() => expect(databases.updateDocument).toHaveBeenCalledTimes(3));
    for (const id of ['b00001', 'b00002', 'b00003']) {
      expect(databases.updateDocument).toHaveBeenCalledWith('shop', 'orders', id, {
        order_status: 'cancelled',
      });
    }
  });

  it('reads the held pairs again when an order arrives live', async () => {
    renderDashboard('/dashboard/orders');
    await screen.findByRole('region', { name: 'Held pairs' });
    await waitFor(() => expect(client.subscribe).toHaveBeenCalled());
    const heldReads = () =>
      vi.mocked(databases.listDocuments).mock.calls.filter(([, col]) => col === 'order_clients')
        .length;
    const before = heldReads();
    const [channel, callback] = vi.mocked(client.subscribe).mock.calls[0]!;
    const fresh = order('fff002', { User_name: 'Zara Khan' });
    (callback as (e: unknown) => void)({
      events: ['databases.shop.collections.orders.documents.fff002.create'],
      channels: [channel],
      timestamp: fresh.$createdAt,
      payload: fresh,
    });
    await waitFor(() => expect(heldReads()).toBe(before + 1));
  });
});
