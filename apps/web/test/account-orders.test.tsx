import { Query, type RealtimeResponseEvent } from 'appwrite';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/lib/api';
import { MyOrdersPage } from '../src/features/account/MyOrdersPage';
import { StatusBadge } from '../src/features/account/StatusBadge';
import { client, databases } from '../src/lib/appwrite';
import { customer, orderOf, storeWith } from './account-fixtures';
import { renderPage } from './render';

beforeEach(() => vi.restoreAllMocks());

describe('status labels (docs/shop.md §4, D5)', () => {
  it.each([
    ['pending', 'Pending, unconfirmed', 'red'],
    ['confirmed', 'Confirmed, we are packing it', 'green'],
    ['completed', 'Delivered', 'blue'],
    ['cancelled', 'Cancelled', 'grey'],
    ['returned', 'Returned', 'amber'],
    ['anything-else', 'Delivered', 'blue'],
  ])('%s shows "%s" in %s', (status, label, tone) => {
    renderPage(<StatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute('data-tone', tone);
    const colour = { grey: 'slate', amber: 'amber' }[tone] ?? tone;
    expect(badge.className).toMatch(new RegExp(`text-${colour}-(700|800)`));
  });
});

function mockOrders(documents: ReturnType<typeof orderOf>[]) {
  return vi
    .spyOn(databases, 'listDocuments')
    .mockResolvedValue({ total: documents.length, documents } as never);
}

describe('My Orders', () => {
  it("lists the customer's own orders newest first with lines, total and payment", async () => {
    vi.spyOn(client, 'subscribe').mockReturnValue(() => {});
    const list = mockOrders([
      orderOf({
        $id: 'cccccc',
        order_status: 'completed',
        $createdAt: '2026-11-21T10:00:00.000+00:00',
        payment_type: 'COD',
        price: 25500,
      }),
      orderOf({
        $id: 'bbbbbb',
        order_status: 'confirmed',
        $createdAt: '2026-11-20T10:00:00.000+00:00',
      }),
      orderOf({
        $id: 'aaaaaa',
        order_status: 'pending',
        $createdAt: '2026-11-19T10:00:00.000+00:00',
      }),
    ]);
    renderPage(<MyOrdersPage />, { store: storeWith(customer) });
    const cards = await screen.findAllByRole('listitem', { name: /^Order / });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Order #CCCCCC',
      'Order #BBBBBB',
      'Order #AAAAAA',
    ]);
    expect(within(cards[0]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Cash on delivery')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Total Rs.25,500')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Kobe 6 Protro')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Confirmed, we are packing it')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Pending, unconfirmed')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Bank transfer')).toBeInTheDocument();

    const [db, col, queries] = list.mock.calls[0]!;
    expect([db, col]).toEqual(['shop', 'orders']);
    expect(queries).toContain(Query.equal('user_id', 'u1'));
    expect(queries).toContain(Query.orderDesc('$createdAt'));
  });

  it('says there are no orders yet', async () => {
    vi.spyOn(client, 'subscribe').mockReturnValue(() => {});
    mockOrders([]);
    renderPage(<MyOrdersPage />, { store: storeWith(customer) });
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
  });

  it('updates a status live from the realtime channel (D13)', async () => {
    let push: (e: RealtimeResponseEvent<unknown>) => void = () => {};
    const unsubscribe = vi.fn();
    const subscribe = vi.spyOn(client, 'subscribe').mockImplementation((_channels, callback) => {
      push = callback as typeof push;
      return unsubscribe;
    });
    mockOrders([orderOf({ $id: 'aaaaaa', order_status: 'pending' })]);
    const { unmount, store } = renderPage(<MyOrdersPage />, { store: storeWith(customer) });
    expect(await screen.findByText('Pending, unconfirmed')).toBeInTheDocument();
    await vi.waitFor(() => expect(subscribe).toHaveBeenCalled());
    expect(subscribe.mock.calls[0]![0]).toBe('databases.shop.collections.orders.documents');

    const event = (events: string[], payload: unknown) => ({
      events,
      channels: ['databases.shop.collections.orders.documents'],
      timestamp: 0,
      payload,
    });
    act(() =>
      push(
        event(
          ['databases.shop.collections.orders.documents.aaaaaa.update'],
          orderOf({ $id: 'aaaaaa', order_status: 'confirmed' }),
        ),
      ),
    );
    expect(await screen.findByText('Confirmed, we are packing it')).toBeInTheDocument();
    expect(screen.queryByText('Pending, unconfirmed')).toBeNull();

    // Another customer's order never joins the list; a new one of theirs does, on top.
    act(() =>
      push(
        event(
          ['databases.shop.collections.orders.documents.zzzzzz.create'],
          orderOf({ $id: 'zzzzzz', order_status: 'pending', user_id: 'someone-else' }),
        ),
      ),
    );
    act(() =>
      push(
        event(
          ['databases.shop.collections.orders.documents.dddddd.create'],
          orderOf({
            $id: 'dddddd',
            order_status: 'pending',
            $createdAt: '2026-11-22T10:00:00.000+00:00',
          }),
        ),
      ),
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('listitem', { name: /^Order / })
          .map((c) => c.getAttribute('aria-label')),
      ).toEqual(['Order #DDDDDD', 'Order #AAAAAA']),
    );
    // When the cached list goes (60 s after the page closes, or on reset), the socket is left.
    unmount();
    store.dispatch(api.util.resetApiState());
    await waitFor(() => expect(unsubscribe).toHaveBeenCalled());
  });

  it('shows the courier and a tracking link as soon as the shop adds them (D13, D24)', async () => {
    let push: (e: RealtimeResponseEvent<unknown>) => void = () => {};
    vi.spyOn(client, 'subscribe').mockImplementation((_channels, callback) => {
      push = callback as typeof push;
      return () => {};
    });
    mockOrders([
      orderOf({ $id: 'aaaaaa', order_status: 'confirmed' }),
      orderOf({
        $id: 'bbbbbb',
        order_status: 'confirmed',
        courier: 'PostEx',
        tracking_number: 'PX123456',
      }),
    ]);
    renderPage(<MyOrdersPage />, { store: storeWith(customer) });
    const [first, second] = await screen.findAllByRole('listitem', { name: /^Order / });
    expect(within(first!).queryByText(/Courier/)).toBeNull();
    // A courier without a parcel page: the link opens its tracking form and says to type the number.
    expect(second).toHaveTextContent('Courier PostEx');
    expect(second).toHaveTextContent('Tracking PX123456');
    expect(within(second!).getByRole('link', { name: /Track on PostEx/ })).toHaveAttribute(
      'href',
      'https://postex.pk/tracking',
    );
    expect(second).toHaveTextContent('(type the number there)');

    await vi.waitFor(() => expect(client.subscribe).toHaveBeenCalled());
    act(() =>
      push({
        events: ['databases.shop.collections.orders.documents.aaaaaa.update'],
        channels: ['databases.shop.collections.orders.documents'],
        timestamp: 0,
        payload: orderOf({
          $id: 'aaaaaa',
          order_status: 'confirmed',
          courier: 'TCS',
          tracking_number: '779412345678',
        }),
      }),
    );
    const link = await within(first!).findByRole('link', { name: /Track parcel/ });
    expect(link).toHaveAttribute('href', 'https://www.tcsexpress.com/track/779412345678');
    expect(link).toHaveAttribute('target', '_blank');
    expect(first).toHaveTextContent('Courier TCS');
  });

  it('shows the failure with a Retry button', async () => {
    vi.spyOn(client, 'subscribe').mockReturnValue(() => {});
    const list = vi
      .spyOn(databases, 'listDocuments')
      .mockRejectedValueOnce(new Error('Could not reach the shop.'))
      .mockResolvedValue({ total: 0, documents: [] } as never);
    const { user } = renderPage(<MyOrdersPage />, { store: storeWith(customer) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the shop.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });
});
