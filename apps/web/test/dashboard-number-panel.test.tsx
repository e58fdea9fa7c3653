import { NUMBERS_PATH, type NumberRecord } from '@courtside/shop';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { client, databases } from '../src/lib/appwrite';
import { renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

import { orders, serveOrders } from './support/dashboard-orders';

/**
 * The order page's "Number history": the number's counts across accounts, its label, Block with
 * a reason (refused in words without one) and Unblock, and the change log with who and when.
 */
const record = (over: Partial<NumberRecord> = {}): NumberRecord => ({
  phone: '+923001234567',
  delivered: 0,
  refused: 1,
  cancelled: 2,
  label: 'risky',
  blocked: false,
  reason: null,
  changes: [],
  ...over,
});

let stored: NumberRecord;
beforeEach(() => {
  vi.clearAllMocks();
  serveOrders();
  stored = record();
  vi.mocked(databases.getDocument).mockResolvedValue(orders[0] as never);
  vi.mocked(client.call).mockImplementation(async (method: string, url: URL, _h, body) => {
    if (!String(url).includes(NUMBERS_PATH)) throw new Error(`not mocked: ${String(url)}`);
    if (method === 'get') return { numbers: [stored] };
    const b = body as { blocked: boolean; reason: string };
    stored = record({
      blocked: b.blocked,
      reason: b.blocked ? b.reason : null,
      label: b.blocked ? 'blocked' : 'risky',
      changes: [
        {
          action: b.blocked ? 'block' : 'unblock',
          reason: b.reason,
          by: 'owner1',
          by_name: 'Shop Owner',
          at: '2026-11-29T05:00:00.000Z',
        },
        ...stored.changes,
      ],
    });
    return stored;
  });
});

describe('number history on the order page', () => {
  it('shows the counts and the label, blocks with a reason and unblocks, with the log', async () => {
    const { user } = renderDashboard('/dashboard/orders/a00000');
    const panel = await screen.findByRole('region', { name: 'Number history' });
    expect(await within(panel).findByText('Risky')).toBeVisible();
    const counts = within(panel)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(counts).toEqual(['0', '1', '2']);
    const asked = new URL(String(vi.mocked(client.call).mock.calls[0]![1]));
    expect(asked.searchParams.getAll('phones[]')).toEqual(['+923001234567']);

    await user.click(within(panel).getByRole('button', { name: 'Block number' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(/Say why this number is blocked/);
    await user.type(within(panel).getByLabelText('Reason for blocking'), 'Refused twice');
    await user.click(within(panel).getByRole('button', { name: 'Block number' }));
    await waitFor(() =>
      expect(client.call).toHaveBeenCalledWith(
        'post',
        expect.any(URL),
        { 'content-type': 'application/json' },
        { phone: '+923001234567', blocked: true, reason: 'Refused twice' },
      ),
    );
    expect(await within(panel).findByText('Blocked', { selector: '[data-label]' })).toBeVisible();
    const log = within(panel).getByRole('list', { name: 'Blocks and unblocks, newest first' });
    expect(log).toHaveTextContent(/Blocked by Shop Owner/);
    expect(log).toHaveTextContent('Refused twice');

    await user.click(within(panel).getByRole('button', { name: 'Unblock number' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent(/Unblocked by Shop Owner/);
  });
});
