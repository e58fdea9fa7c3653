import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Query, type Models } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { statsDocumentIds, statsFromDocuments } from '../src/features/dashboard/overview/stats-api';
import { client, databases } from '../src/lib/appwrite';
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
      salesToday: 90000,
      salesThisMonth: 90000,
      ordersThisMonth: 5,
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
    const card = () => screen.getByText('Messages held back today').parentElement!;
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
    vi.mocked(databases.listDocuments).mockImplementation(async (_db, col, queries = []) => {
      if (col === 'stats') {
        const want = statsDocumentIds(new Date());
        return list([
          doc(want.day, { customers: 2, orders: 4, sales: 120000 }),
          doc('products', { products: 31, in_stock: 27, out_of_stock: 4 }),
          doc(want.thisYear[0]!, { sales: 480000 }),
          doc(want.thisYear[want.month]!, { orders: 9, sales: 301000 }),
        ]);
      }
      if (col === 'deliveries') return list([]);
      if (col === 'products') {
        return list([
          doc('p1', { title: 'Kobe 6 Grinch', sold: 12, stock: 0 }),
          doc('p2', { title: 'LeBron 21', sold: 7, stock: 3 }),
        ]);
      }
      // The open orders (pending and confirmed) the money figures add up.
      if (queries.some((q) => q.includes('"confirmed"'))) {
        return list([
          order('a00001', { payment_type: 'COD', order_status: 'pending', price: 18500 }),
          order('a00002', { payment_type: 'COD', order_status: 'confirmed', price: 30000 }),
          order('a00003', { payment_type: 'Bank', order_status: 'pending', price: 25000 }),
          order('a00004', { payment_type: 'Bank', order_status: 'confirmed', price: 40000 }),
        ]);
      }
      return list([order('c0ffee', { User_name: 'Bilal Ahmed', price: 18500 })]);
    });
  });

  it("shows the money first, from the shop's figures and its open orders", async () => {
    renderDashboard('/dashboard/overview');
    const card = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;
    await waitFor(() => expect(card('Sales today')).toHaveTextContent('Rs.120,000'));
    expect(card('Sales today')).toHaveTextContent('4 orders');
    expect(card('Sales this month')).toHaveTextContent('Rs.301,000');
    expect(card('Sales this month')).toHaveTextContent('9 orders');
    // 301,000 / 9, rounded.
    expect(card('Average order')).toHaveTextContent('Rs.33,444');
    await waitFor(() => expect(card('Cash to collect')).toHaveTextContent('Rs.48,500'));
    expect(card('Cash to collect')).toHaveTextContent('2 orders not delivered yet');
    const bank = card('Bank transfers to check');
    expect(bank).toHaveTextContent('Rs.25,000');
    expect(bank).toHaveTextContent('1 order waiting');
    expect(within(bank).getByRole('link', { name: 'Check them' })).toHaveAttribute(
      'href',
      '/dashboard/orders?status=pending&payment=Bank',
    );
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'orders', [
      Query.equal('order_status', ['pending', 'confirmed']),
      Query.orderDesc('$createdAt'),
      Query.limit(100),
    ]);
  });

  it('names its figures in plain words, with the chart, new orders and best sellers', async () => {
    renderDashboard('/dashboard/overview');
    const card = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;
    await waitFor(() => expect(card('Customers today')).toHaveTextContent('2'));
    expect(card('Products')).toHaveTextContent('31');
    expect(screen.getByText('27 in stock · 4 sold out')).toBeInTheDocument();
    expect(screen.queryByText(/\|/)).toBeNull();
    const chart = screen.getByRole('img', { name: /Sales value by month/ });
    expect(chart).toHaveAttribute('height', '300');
    expect(chart.querySelectorAll('path')).toHaveLength(2);
    // The axis is in rupees.
    expect(within(chart).getAllByText(/^Rs /).length).toBeGreaterThan(1);
    expect(screen.getByRole('row', { name: /Jan Rs\.480,000 Rs\.0/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Bilal Ahmed/ })).toHaveAttribute(
      'href',
      '/dashboard/orders/c0ffee',
    );
    const best = await screen.findByRole('region', { name: 'Best sellers' });
    const rows = within(best).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '1Kobe 6 Grinch12 soldSold out',
      '2LeBron 217 sold3 left',
    ]);
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'products', [
      Query.greaterThan('sold', 0),
      Query.orderDesc('sold'),
      Query.limit(5),
    ]);
  });

  it("shows a month's sales where the chart is pointed at, or chosen with the arrow keys", async () => {
    const { user } = renderDashboard('/dashboard/overview');
    const chart = await screen.findByRole('img', { name: /Sales value by month/ });
    await user.click(chart);
    chart.focus();
    const month = statsDocumentIds(new Date()).month;
    const tip = await screen.findByRole('status');
    const names = [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ];
    if (month > 0) {
      await user.keyboard('{ArrowLeft>12/}');
      expect(tip).toHaveTextContent('Jan');
      expect(tip).toHaveTextContent('Rs.480,000');
    }
    await user.keyboard('{ArrowRight>12/}');
    expect(tip).toHaveTextContent(names[11]!);
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
    expect(panel).toHaveTextContent(
      'The mail server did not answer. Ask whoever set up the shop’s e-mail to check it',
    );
    const rows = within(panel).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Order confirmation to ayesha@example.pk');
    expect(rows[0]).toHaveTextContent('Not sent: the mail server did not answer (12 tries)');
    // The server's own words are folded away under Details.
    const detail = within(rows[0]!).getByText('connect ECONNREFUSED 10.0.0.5:587');
    expect(detail).not.toBeVisible();
    await userEvent.click(within(rows[0]!).getByText('Details'));
    expect(detail).toBeVisible();
    expect(rows[1]).toHaveTextContent('Password reset to ayesha@example.pk');
    expect(rows[1]).toHaveTextContent(/The mail server did not answer\. Trying again .* · 3 tries/);
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
    await screen.findByText('Customers today');
    expect(screen.queryByText(/not gone out/)).toBeNull();
  });
});

describe('confirmations and returns', () => {
  it('shows each month, newest first, with the return rate of its shipped parcels', async () => {
    vi.clearAllMocks();
    vi.mocked(databases.listDocuments).mockResolvedValue(list([]));
    const month = (m: string, fields: Record<string, number | null>) => ({
      month: m,
      placed: 0,
      confirmedByBuyer: 0,
      cancelledByBuyer: 0,
      expiredUnconfirmed: 0,
      shipped: 0,
      refused: 0,
      returnRate: null,
      ...fields,
    });
    vi.mocked(client.call).mockResolvedValue({
      months: [
        month('2026-10', {
          placed: 12,
          confirmedByBuyer: 7,
          shipped: 8,
          refused: 1,
          returnRate: 0.125,
        }),
        month('2026-11', { placed: 5, cancelledByBuyer: 1, expiredUnconfirmed: 2 }),
      ],
    });
    renderDashboard('/dashboard/overview');
    const card = await screen.findByRole('region', { name: 'Confirmations and returns' });
    const rows = await within(card).findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MonthOrdersConfirmedCancelledExpiredReturnedReturn rate',
      'Nov 202650120 of 0–',
      'Oct 2026127001 of 812.5%',
    ]);
    const url = vi.mocked(client.call).mock.calls[0]![1];
    expect(`${url.pathname}${url.search}`).toMatch(/\/shop\/order-outcomes\?months=6$/);
  });
});

describe('orders that need the owner', () => {
  it('are counted on the Overview and above the list, each a link to its orders', async () => {
    vi.clearAllMocks();
    vi.mocked(databases.listDocuments).mockImplementation(async (_db, col, queries = []) => {
      if (col !== 'orders' || !queries.includes(Query.limit(1))) return list([]);
      if (queries.includes(Query.equal('payment_type', 'COD'))) return list([], 4);
      if (queries.includes(Query.equal('confirmed_by', 'buyer'))) return list([], 2);
      if (queries.includes(Query.equal('payment_state', 'proof_sent'))) return list([], 0);
      return list([], 9);
    });
    renderDashboard('/dashboard/overview');
    const card = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;
    await waitFor(() => expect(card('Awaiting buyer')).toHaveTextContent('4'));
    expect(within(card('Awaiting buyer')).getByRole('link', { name: 'Show them' })).toHaveAttribute(
      'href',
      '/dashboard/orders?view=awaiting',
    );
    expect(card('Confirmed by buyer')).toHaveTextContent('2');
    // Nothing to check: no link to an empty list.
    expect(card('Proof to check')).toHaveTextContent('0');
    expect(within(card('Proof to check')).queryByRole('link')).toBeNull();
  });

  it('shows a view’s orders, marked, and every order again on a second tap', async () => {
    vi.clearAllMocks();
    vi.mocked(databases.listDocuments).mockImplementation(async (_db, _col, queries = []) =>
      queries.includes(Query.limit(1))
        ? list([], 1)
        : list(
            queries.includes(Query.equal('confirmed_by', 'buyer'))
              ? [order('b00001', { User_name: 'Hamza Tariq', order_status: 'confirmed' })]
              : [],
          ),
    );
    const { user } = renderDashboard('/dashboard/orders');
    const views = await screen.findByRole('navigation', { name: 'Orders that need you' });
    await user.click(within(views).getByRole('link', { name: /Confirmed by buyer/ }));
    expect(await screen.findByText('Hamza Tariq')).toBeInTheDocument();
    const on = within(views).getByRole('link', { name: /Confirmed by buyer/ });
    expect(on).toHaveAttribute('aria-current', 'page');
    expect(on).toHaveAttribute('href', '/dashboard/orders');
    await user.click(within(views).getByRole('link', { name: /Awaiting buyer/ }));
    expect(
      await screen.findByText('No order is waiting for its buyer to confirm.'),
    ).toBeInTheDocument();
  });
});
