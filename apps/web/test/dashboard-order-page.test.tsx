import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException, Query } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { client, databases } from '../src/lib/appwrite';
import { list, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

import { orders, serveOrders } from './support/dashboard-orders';

beforeEach(() => {
  vi.clearAllMocks();
  serveOrders();
});

describe('order details', () => {
  it('shows the customer, the address, the items and the status control', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(orders[0] as never);
    renderDashboard('/dashboard/orders/a00000');
    expect(await screen.findByRole('heading', { name: 'Order Details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to orders/ })).toHaveAttribute(
      'href',
      '/dashboard/orders',
    );
    const customer = (await screen.findByRole('heading', { name: 'Customer Info' })).parentElement!;
    expect(customer).toHaveTextContent('Customer 0');
    expect(customer).toHaveTextContent('#cust1');
    // The phone as My Account shows it (one formatter, packages/shop), dialled as stored.
    const phone = within(customer).getByRole('link', { name: '0300 1234567' });
    expect(phone).toHaveAttribute('href', 'tel:+923001234567');
    expect(customer).toHaveTextContent('12 Mall Road city: Lahore');
    expect(customer).toHaveTextContent('Not given');
    const info = screen.getByRole('heading', { name: 'Order Info' }).parentElement!;
    expect(info).toHaveTextContent('Kobe 6 Grinch');
    expect(info).toHaveTextContent('EUR 44 · 2 × Rs.25,000');
    expect(info).toHaveTextContent('Rs.50,000');
    expect(info).toHaveTextContent('Cash on delivery');
    expect(info).toHaveTextContent('Rs.50,500');
    expect(within(info).getByRole('combobox', { name: 'Order status' })).toHaveValue('pending');
  });
  it('shows the address in parts, the extra line as Address 2, and the code it used', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue({
      ...orders[0],
      street: 'House 12, Street 4',
      city: 'Karachi',
      etcaddress: 'Near Teen Talwar',
      code: 'CS10-ABCDEFGH',
      discount: 5_000,
      price: 45_500,
    } as never);
    renderDashboard('/dashboard/orders/a00000');
    const customer = (await screen.findByRole('heading', { name: 'Customer Info' })).parentElement!;
    const row = (label: string) => within(customer).getByText(label).nextElementSibling;
    expect(row('Address 1')).toHaveTextContent('House 12, Street 4');
    expect(row('Address 2')).toHaveTextContent('Near Teen Talwar');
    expect(row('City')).toHaveTextContent('Karachi');
    const info = screen.getByRole('heading', { name: 'Order Info' }).parentElement!;
    expect(info).toHaveTextContent('Discount code CS10-ABCDEFGH-Rs.5,000');
  });
  it('says an unknown order does not exist, with the way back to the list', async () => {
    vi.mocked(databases.getDocument).mockRejectedValue(
      new AppwriteException('Document with the requested ID could not be found.', 404),
    );
    renderDashboard('/dashboard/orders/zzzzzz');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This order does not exist');
    expect(within(alert).getByRole('link', { name: 'Back to orders' })).toHaveAttribute(
      'href',
      '/dashboard/orders',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('follows a status change made elsewhere, live (D13)', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(orders[0] as never);
    renderDashboard('/dashboard/orders/a00000');
    const select = await screen.findByRole('combobox', { name: 'Order status' });
    expect(select).toHaveValue('pending');
    await waitFor(() => expect(client.subscribe).toHaveBeenCalled());
    const [channel, callback] = vi.mocked(client.subscribe).mock.calls[0]!;
    (callback as (e: unknown) => void)({
      events: ['databases.shop.collections.orders.documents.a00000.update'],
      channels: [channel],
      timestamp: orders[0]!.$updatedAt,
      payload: { ...orders[0], order_status: 'confirmed' },
    });
    await waitFor(() => expect(select).toHaveValue('confirmed'));
  });
});

describe('running an order: WhatsApp, shipping and notes', () => {
  beforeEach(() => {
    vi.mocked(databases.getDocument).mockResolvedValue(orders[0] as never);
  });

  it('opens a WhatsApp chat with the customer, prefilled with a confirmation', async () => {
    renderDashboard('/dashboard/orders/a00000');
    const chat = await screen.findByRole('link', { name: 'Message on WhatsApp' });
    const href = chat.getAttribute('href')!;
    expect(href.startsWith('https://wa.me/923001234567?text=')).toBe(true);
    const text = decodeURIComponent(href.split('?text=')[1]!);
    expect(text).toContain(
      'Assalam o Alaikum Customer! This is Courtside about your order #A00000',
    );
    expect(text).toContain('- Kobe 6 Grinch (EUR 44) x2');
    expect(text).toContain('2 pairs. Cash to pay on delivery: Rs.50,500.');
  });

  it("says who confirmed or cancelled the order, and the chat carries the buyer's link", async () => {
    const key = 'AbCdEfGhIjKlMnOpQrStUv_-';
    const waiting = { ...orders[0], payment_type: 'COD', confirm_key: key };
    vi.mocked(databases.getDocument).mockResolvedValue(waiting as never);
    const first = renderDashboard('/dashboard/orders/a00000');
    expect(await screen.findByTestId('confirmed-by')).toHaveTextContent(
      "Awaiting the buyer's confirmation",
    );
    const href = screen.getByRole('link', { name: 'Message on WhatsApp' }).getAttribute('href')!;
    expect(decodeURIComponent(href.split('?text=')[1]!)).toContain(
      `Please confirm or cancel your order here: ${window.location.origin}/confirm/a00000.${key}`,
    );
    first.unmount();
    const cases = [
      [
        {
          order_status: 'confirmed',
          confirmed_by: 'buyer',
          confirmed_at: '2026-11-22T07:10:00.000Z',
        },
        /^Confirmed by the buyer \(link\) at \d+ Nov 2026, \d\d:\d\d$/,
      ],
      [{ order_status: 'confirmed', confirmed_by: 'owner' }, /^Confirmed by phone$/],
      [{ order_status: 'cancelled', cancelled_by: 'buyer' }, /^Cancelled by the buyer \(link\)$/],
      [{ order_status: 'cancelled', cancelled_by: 'expiry' }, /^Expired unconfirmed$/],
    ] as const;
    for (const [over, said] of cases) {
      vi.mocked(databases.getDocument).mockResolvedValue({ ...waiting, ...over } as never);
      const page = renderDashboard('/dashboard/orders/a00000');
      expect((await screen.findByTestId('confirmed-by')).textContent).toMatch(said);
      page.unmount();
    }
  });

  it('saves the courier and tracking number, and shows why one is refused', async () => {
    vi.mocked(databases.updateDocument).mockImplementation(
      async (_db, _col, _id, data) => ({ ...orders[0], ...data }) as never,
    );
    const { user } = renderDashboard('/dashboard/orders/a00000');
    const panel = (await screen.findByRole('heading', { name: 'Shipping' })).parentElement!;
    // The form starts afresh from each saved value: look its fields up each time.
    const number = () => within(panel).getByRole('textbox', { name: 'Tracking number' });
    const save = () => within(panel).getByRole('button', { name: 'Save shipping' });
    expect(save()).toBeDisabled();
    // A number needs its courier: said at once, nothing sent.
    await user.type(number(), '7794 1234 5678');
    await user.click(save());
    expect(within(panel).getByText('Choose the courier of this tracking number')).toBeVisible();
    expect(databases.updateDocument).not.toHaveBeenCalled();

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Courier' }), 'TCS');
    await user.click(save());
    expect(databases.updateDocument).toHaveBeenCalledWith('shop', 'orders', 'a00000', {
      courier: 'TCS',
      tracking_number: '779412345678',
    });
    expect(
      await screen.findByText('Tracking number saved: the customer sees it in My Orders'),
    ).toBeInTheDocument();
    const link = await within(panel).findByRole('link', { name: /Track parcel/ });
    expect(link).toHaveAttribute('href', 'https://www.tcsexpress.com/track/779412345678');
    expect(number()).toHaveValue('779412345678');

    vi.mocked(databases.updateDocument).mockRejectedValue(
      new AppwriteException('Only the shop owner can do this', 401, 'user_unauthorized'),
    );
    await user.clear(number());
    await user.type(number(), 'TCS-0001');
    await user.click(save());
    expect(await within(panel).findByText('Only the shop owner can do this')).toBeVisible();
  });

  it.each(['cancelled', 'returned'] as const)(
    'locks the shipping of a %s order, saying why',
    async (status) => {
      vi.mocked(databases.getDocument).mockResolvedValue({
        ...orders[0],
        order_status: status,
        courier: 'TCS',
        tracking_number: '779412345678',
      } as never);
      renderDashboard('/dashboard/orders/a00000');
      const panel = (await screen.findByRole('heading', { name: 'Shipping' })).parentElement!;
      const courier = await within(panel).findByRole('combobox', { name: 'Courier' });
      expect(courier).toBeDisabled();
      expect(within(panel).getByRole('group')).toHaveAccessibleDescription(
        `This order is ${status}: its courier and tracking number can no longer be changed`,
      );
      expect(within(panel).getByRole('textbox', { name: 'Tracking number' })).toBeDisabled();
      expect(within(panel).queryByRole('button', { name: 'Save shipping' })).toBeNull();
    },
  );

  it("lists the owner's notes, adds one and deletes one", async () => {
    let notes = [
      {
        $id: 'n1',
        order_id: 'a00000',
        text: 'Asked to deliver after 5 pm',
        $createdAt: '2026-11-21T10:00:00.000+00:00',
      },
    ];
    vi.mocked(databases.listDocuments).mockImplementation(async (_db, col) =>
      col === 'order_notes' ? list(notes) : list([]),
    );
    vi.mocked(databases.createDocument).mockImplementation(async (_db, _col, id, data) => {
      const note = { $id: id, $createdAt: '2026-11-22T10:00:00.000+00:00', ...data };
      notes = [note as (typeof notes)[0], ...notes];
      return note as never;
    });
    vi.mocked(databases.deleteDocument).mockImplementation(async (_db, _col, id) => {
      notes = notes.filter((n) => n.$id !== id);
      return {} as never;
    });
    const { user } = renderDashboard('/dashboard/orders/a00000');
    const panel = (await screen.findByRole('heading', { name: 'Notes' })).parentElement!;
    expect(await within(panel).findByText('Asked to deliver after 5 pm')).toBeInTheDocument();
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'order_notes', [
      Query.equal('order_id', 'a00000'),
      Query.orderDesc('$createdAt'),
      Query.limit(100),
    ]);

    const box = within(panel).getByRole('textbox', { name: 'New note' });
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(within(panel).getByText('Write the note first')).toBeVisible();
    await user.type(box, '  Booked with TCS ');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Booked with TCS')).toBeInTheDocument();
    expect(vi.mocked(databases.createDocument).mock.calls[0]!.slice(0, 2)).toEqual([
      'shop',
      'order_notes',
    ]);
    expect(vi.mocked(databases.createDocument).mock.calls[0]![3]).toEqual({
      order_id: 'a00000',
      text: 'Booked with TCS',
    });
    expect(box).toHaveValue('');

    const first = within(panel).getByText('Asked to deliver after 5 pm').closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Delete note' }));
    // Asked in the page first: Keep it keeps the note.
    await user.click(within(first).getByRole('button', { name: 'Keep it' }));
    expect(databases.deleteDocument).not.toHaveBeenCalled();
    await user.click(within(first).getByRole('button', { name: 'Delete note' }));
    const ask = within(first).getByRole('alertdialog', { name: 'Delete this note' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(panel).queryByText('Asked to deliver after 5 pm')).not.toBeInTheDocument(),
    );
    expect(databases.deleteDocument).toHaveBeenCalledWith('shop', 'order_notes', 'n1');
  });
});
