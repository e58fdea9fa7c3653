import { shopDateTime } from '@courtside/shop';
import { screen, waitFor, within } from '@testing-library/react';
import { Query } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { databases } from '../src/lib/appwrite';
import { list, renderDashboard } from './support/dashboard';
import { exportCsvFrom } from './support/downloads';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

/** 120 subscribers, newest first, one a day; the cursor pages of the export. */
const subscribers = Array.from({ length: 120 }, (_, i) => ({
  $id: `s${i}`,
  email: i === 0 ? '=cmd@example.com' : `fan${i}@example.com`,
  $createdAt: new Date(Date.UTC(2026, 10, 30 - (i % 28), 12)).toISOString(),
}));

function serveSubscribers() {
  vi.mocked(databases.listDocuments).mockImplementation(async (_db, _col, queries = []) => {
    const limit = Number(/\d+/.exec(queries.find((q) => q.startsWith('limit('))!)![0]);
    const offset = queries.find((q) => q.startsWith('offset('));
    const cursor = queries.find((q) => q.startsWith('cursorAfter('));
    let from = offset ? Number(/\d+/.exec(offset)![0]) : 0;
    if (cursor) from = subscribers.findIndex((s) => cursor.includes(`"${s.$id}"`)) + 1;
    return list(subscribers.slice(from, from + limit) as never[], subscribers.length);
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  serveSubscribers();
});

describe('subscribers', () => {
  it('lists the subscribe box’s addresses, newest first, 50 a page', async () => {
    const { user, router } = renderDashboard('/dashboard/subscribers');
    const table = await screen.findByRole('table', { name: 'Subscribers, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getByRole('link', { name: 'fan1@example.com' })).toHaveAttribute(
      'href',
      'mailto:fan1@example.com',
    );
    expect(screen.getByText('Subscribers', { selector: 'p' }).parentElement).toHaveTextContent(
      '120',
    );
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'subscribers', [
      Query.orderDesc('$createdAt'),
      Query.limit(50),
    ]);
    await user.click(screen.getByRole('link', { name: 'Last page' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(await screen.findByText('fan119@example.com')).toBeInTheDocument();
  });

  it('exports every subscriber as CSV, a spreadsheet formula neutralised', async () => {
    const download = await exportCsvFrom('/dashboard/subscribers');
    expect(await screen.findByText('Exported 120 subscribers')).toBeInTheDocument();
    expect(download.click).toHaveBeenCalledTimes(1);
    expect(download.filename()).toMatch(/^courtside-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = await download.lines();
    expect(lines).toHaveLength(121);
    expect(lines[0]).toBe('email,subscribed_at');
    // Dates in Pakistan time (UTC+5), as in every export.
    expect(lines[1]).toBe(`'=cmd@example.com,${shopDateTime(subscribers[0]!.$createdAt)}`);
    expect(lines[120]).toBe(`fan119@example.com,${shopDateTime(subscribers[119]!.$createdAt)}`);
    expect(shopDateTime('2026-11-30T12:00:00.000Z')).toBe('2026-11-30 17:00');
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('says so when nobody has subscribed yet', async () => {
    vi.mocked(databases.listDocuments).mockResolvedValue(list([]));
    renderDashboard('/dashboard/subscribers');
    expect(await screen.findByText('No subscribers yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Subscriber pages' })).toBeNull();
  });
});
