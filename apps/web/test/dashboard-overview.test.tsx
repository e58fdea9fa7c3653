import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Models } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { statsDocumentIds, statsFromDocuments } from '../src/features/dashboard/overview/stats-api';
import { databases } from '../src/lib/appwrite';
import { list, order, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

const doc = (id: string, fields: Record<string, number | string>) =>
  ({ $id: id, ...fields }) as unknown as Models.Document;

describe('stats-api', () => {
  it("reads today's counters, product totals and both years' months in the shop's time zone", () => {
    // 20:30 UTC on 31 Dec 2026 is already 1 Jan 2027 in Pakistan (UTC+5).
    const now = new Date('2026-12-31T20:30:00Z');
    const want = statsDocumentIds(now);
    expect(want.day).toBe('day-2027-01-01');
    expect(want.thisYear[0]).toBe('month-2027-01');
    expect(want.lastYear[11]).toBe('month-2026-12');
    const stats = statsFromDocuments(
      [
        doc('day-2027-01-01', { customers: 3, orders: 5, sales: 90000 }),
        doc('products', { products: 30, in_stock: 26, out_of_stock: 4 }),
        doc('month-2027-01', { orders: 5, sales: 90000 }),
        doc('month-2026-12', { orders: 40, sales: 1250000 }),
        doc('month-2026-02', { orders: 1, sales: 'oops' }),
      ],
      now,
    );
    expect(stats).toMatchObject({
      signupsToday: 3,
      ordersToday: 5,
      totalProducts: 30,
      inStock: 26,
      outOfStock: 4,
      sales: { year: 2027 },
    });
    expect(stats.held).toEqual({ today: 0, week: 0 });
    expect(stats.sales.thisYear).toEqual([90000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(stats.sales.lastYear).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1250000]);
  });
});

describe('messages held back', () => {
  it("counts today's and the last 7 days', the days before them left out", () => {
    const now = new Date('2027-01-01T03:00:00Z');
    const want = statsDocumentIds(now);
    expect(want.recentDays).toEqual([
      'day-2027-01-01',
      'day-2026-12-31',
      'day-2026-12-30',
      'day-2026-12-29',
      'day-2026-12-28',
      'day-2026-12-27',
      'day-2026-12-26',
    ]);
    const stats = statsFromDocuments(
      [
        doc('day-2027-01-01', { orders: 1, held: 17 }),
        doc('day-2026-12-30', { held: 6 }),
        doc('day-2026-12-26', { held: 2 }),
        doc('day-2026-12-25', { held: 400 }),
      ],
      now,
    );
    expect(stats.held).toEqual({ today: 17, week: 25 });
  });

  it('shows them on the Overview, read with the other figures in one request', async () => {
    vi.clearAllMocks();
    vi.mocked(databases.listDocuments).mockImplementation(async (_db, col) => {
      if (col !== 'stats') return list([]);
      const want = statsDocumentIds(new Date());
      return list([
        doc(want.day, { customers: 1, held: 17 }),
        doc(want.recentDays[3]!, { held: 1200 }),
      ]);
    });
    renderDashboard('/dashboard/overview');
    const card = () => screen.getByText('Messages held back | Today').parentElement!;
    await waitFor(() => expect(card()).toHaveTextContent('17'));
    expect(card()).toHaveTextContent('1,217 in the last 7 days');
    const statsCalls = vi
      .mocked(databases.listDocuments)
      .mock.calls.filter((c) => c[1] === 'stats');
    expect(statsCalls).toHaveLength(1);
  });
});

describe('overview page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(databases.listDocuments).mockImplementation(async (_db, col) => {
      if (col === 'stats') {
        const want = statsDocumentIds(new Date());
        return list([
          doc(want.day, { customers: 2, orders: 4, sales: 120000 }),
          doc('products', { products: 31, in_stock: 27, out_of_stock: 4 }),
          doc(want.thisYear[0]!, { sales: 480000 }),
        ]);
      }
      if (col === 'deliveries') return list([]);
      return list([order('c0ffee', { User_name: 'Bilal Ahmed', price: 18500 })]);
    });
  });

  it('shows the three stat cards, the sales chart and the New Orders panel', async () => {
    renderDashboard('/dashboard/overview');
    const card = (label: string) => screen.getByText(label).parentElement!;
    await waitFor(() => expect(card('Customers | Today')).toHaveTextContent('2'));
    expect(card('Orders | Today')).toHaveTextContent('4');
    expect(card('Total Product')).toHaveTextContent('31');
    expect(screen.getByText('27 in stock · 4 out of stock')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Sales value by month/ });
    expect(chart).toHaveAttribute('height', '300');
    expect(chart.querySelectorAll('path')).toHaveLength(2);
    expect(screen.getByRole('row', { name: /Jan Rs\.480,000 Rs\.0/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Bilal Ahmed/ })).toHaveAttribute(
      'href',
      '/dashboard/orders/c0ffee',
    );
  });
});

describe('e-mails that have not gone out', () => {
  const delivery = (id: string, fields: Record<string, unknown>) =>
    ({
      $id: id,
      $createdAt: '2026-11-24T10:00:00.000+00:00',
      to: 'ayesha@example.pk',
      subject: 'Your Courtside order #a1b2c3',
      kind: 'order-confirmation',
      attempts: 3,
      lastError: 'connect ECONNREFUSED 10.0.0.5:587',
      nextAttemptAt: null,
      ...fields,
    }) as unknown as Models.Document;

  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(databases.listDocuments).mockImplementation(async (_db, col) =>
      col === 'deliveries'
        ? list([
            delivery('m1', { status: 'failed', attempts: 12 }),
            delivery('m2', {
              status: 'retrying',
              kind: 'recovery',
              subject: 'Reset your Courtside password',
              nextAttemptAt: '2026-11-24T10:30:00.000+00:00',
            }),
          ])
        : list([]),
    );
    vi.mocked(databases.updateDocument).mockResolvedValue(delivery('m1', {}));
    vi.mocked(databases.deleteDocument).mockResolvedValue({});
  });

  it('lists them above the figures; a failed one can be sent again, any dismissed', async () => {
    renderDashboard('/dashboard/overview');
    const panel = await screen.findByRole('region', { name: '2 e-mails have not gone out' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Order confirmation to ayesha@example.pk');
    expect(rows[0]).toHaveTextContent('Not sent: gave up after 12 attempts');
    expect(rows[0]).toHaveTextContent('connect ECONNREFUSED 10.0.0.5:587');
    expect(rows[1]).toHaveTextContent('Password reset to ayesha@example.pk');
    expect(rows[1]).toHaveTextContent(/Trying again .* · 3 attempts/);
    expect(within(rows[1]!).queryByRole('button', { name: 'Send again' })).toBeNull();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Send again' }));
    expect(databases.updateDocument).toHaveBeenCalledWith('shop', 'deliveries', 'm1', {
      status: 'retrying',
    });
    await userEvent.click(
      within(rows[1]!).getByRole('button', { name: 'Dismiss the e-mail to ayesha@example.pk' }),
    );
    expect(databases.deleteDocument).toHaveBeenCalledWith('shop', 'deliveries', 'm2');
  });

  it('shows nothing when every e-mail went out', async () => {
    vi.mocked(databases.listDocuments).mockResolvedValue(list([]));
    renderDashboard('/dashboard/overview');
    await screen.findByText('Customers | Today');
    expect(screen.queryByText(/not gone out/)).toBeNull();
  });
});
