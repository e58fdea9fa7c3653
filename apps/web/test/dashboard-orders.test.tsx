import { act, screen, waitFor, within } from '@testing-library/react';
import { AppwriteException, Query } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ordersToCsv } from '../src/features/dashboard/csv';
import { client, databases } from '../src/lib/appwrite';
import { order, renderDashboard } from './support/dashboard';
import { exportCsvFrom } from './support/downloads';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

import { orders, serveOrders } from './support/dashboard-orders';

beforeEach(() => {
  vi.clearAllMocks();
  serveOrders();
});

const counter = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;

describe('orders list', () => {
  it('shows All Orders, the counters and the 20 newest, paged in the address', async () => {
    const { user, router } = renderDashboard('/dashboard/orders');
    expect(await screen.findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    await waitFor(() => expect(counter('Total Orders')).toHaveTextContent('25'));
    expect(counter('Pending')).toHaveTextContent('1');
    expect(counter('Delivered')).toHaveTextContent('12');
    expect(await screen.findAllByRole('combobox', { name: /^Status of order/ })).toHaveLength(20);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Customer Name',
      'Order id',
      'Phone',
      'City',
      'Items',
      'Payment',
      'Date',
      'Price',
      'Action',
    ]);
    const first = screen.getByRole('link', { name: 'Customer 0' });
    expect(first).toHaveAttribute('href', '/dashboard/orders/a00000');
    const row = first.closest('tr')!;
    expect(row).toHaveTextContent('#A00000');
    expect(row).toHaveTextContent('0300 1234567');
    expect(row).toHaveTextContent('COD');
    // The phone calls the customer; the green mark opens a WhatsApp chat with them, prefilled
    // with the order.
    expect(within(row).getByRole('link', { name: '0300 1234567' })).toHaveAttribute(
      'href',
      'tel:+923001234567',
    );
    const chat = within(row).getByRole('link', { name: 'WhatsApp Customer 0' });
    const href = new URL(chat.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/923001234567');
    expect(href.searchParams.get('text')).toMatch(/about your order #/);
    expect(chat).toHaveAttribute('target', '_blank');
    // Items counts pairs (one line of 2 pairs), as the export's items column does.
    expect(row).toHaveTextContent('Items2Payment');
    expect(row).toHaveTextContent('Rs.50,500');
    expect(screen.getByRole('link', { name: 'Customer 1' }).closest('tr')).toHaveTextContent(
      'Phone0300 0000001CityKarachi',
    );

    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next page' }));
    await waitFor(() =>
      expect(screen.getAllByRole('combobox', { name: /^Status of order/ })).toHaveLength(5),
    );
    expect(router.state.location.search).toBe('?page=2');
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'orders', [
      Query.orderDesc('$createdAt'),
      Query.limit(20),
      Query.offset(20),
    ]);
    expect(screen.getByRole('link', { name: 'Customer 24' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Order pages' })).toHaveTextContent(
      'Page 2 of 2',
    );
    // The back button returns to the newest page.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Customer 0' })).toBeInTheDocument();
  });

  it('offers no paging when one page of 20 holds every order', async () => {
    serveOrders(orders.slice(0, 20));
    renderDashboard('/dashboard/orders');
    expect(await screen.findAllByRole('combobox', { name: /^Status of order/ })).toHaveLength(20);
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).not.toBeInTheDocument();
  });

  it('searches by name, phone or order number, and filters by status and payment', async () => {
    const { user, router } = renderDashboard('/dashboard/orders');
    const search = await screen.findByRole('searchbox', { name: 'Search orders' });
    const rows = () =>
      screen.queryAllByRole('link', { name: /^Customer / }).map((l) => l.textContent);

    await user.type(search, '0300 000 0007');
    await waitFor(() => expect(rows()).toEqual(['Customer 7']));
    expect(router.state.location.search).toBe('?q=0300+000+0007');
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'orders', [
      Query.equal('phone', '+923000000007'),
      Query.orderDesc('$createdAt'),
      Query.limit(20),
    ]);

    await user.clear(search);
    await user.type(search, '#A00012{Enter}');
    await waitFor(() => expect(rows()).toEqual(['Customer 12']));
    expect(databases.listDocuments).toHaveBeenCalledWith(
      'shop',
      'orders',
      expect.arrayContaining([Query.equal('$id', 'a00012')]),
    );

    await user.clear(search);
    await user.type(search, 'customer 2{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'Bank');
    await waitFor(() =>
      expect(rows()).toEqual(['Customer 6', 'Customer 12', 'Customer 18', 'Customer 24']),
    );
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      'q=customer+2&status=completed&payment=Bank',
    );
    expect(databases.listDocuments).toHaveBeenLastCalledWith('shop', 'orders', [
      Query.search('User_name', 'customer 2'),
      Query.equal('order_status', 'completed'),
      Query.equal('payment_type', 'Bank'),
      Query.orderDesc('$createdAt'),
      Query.limit(20),
    ]);

    // Part of a phone: its start as the owner types it (0300...), or any digits in it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), '');
    await user.clear(search);
    await user.type(search, '0300 000001{Enter}');
    await waitFor(() =>
      expect(rows()).toEqual([
        'Customer 10',
        'Customer 11',
        'Customer 12',
        'Customer 13',
        'Customer 14',
        'Customer 15',
        'Customer 16',
        'Customer 17',
        'Customer 18',
        'Customer 19',
      ]),
    );
    expect(databases.listDocuments).toHaveBeenLastCalledWith('shop', 'orders', [
      'contains("phone", ["92300000001"])',
      Query.orderDesc('$createdAt'),
      Query.limit(20),
    ]);
    await user.clear(search);
    await user.type(search, '00023{Enter}');
    await waitFor(() => expect(rows()).toEqual(['Customer 23']));

    // Too few digits to look for: the box says what to type.
    await user.clear(search);
    await user.type(search, '12{Enter}');
    expect(
      await screen.findByText('Type at least 3 digits of the phone number, like 0301 or 4567.'),
    ).toBeVisible();
    expect(await screen.findByText('No orders match.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every order' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(router.state.location.search).toBe('');
    expect(search).toHaveValue('');
  });

  it('opens with the search and filters of its address', async () => {
    renderDashboard('/dashboard/orders?status=confirmed&payment=COD&page=2&status=bogus');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveValue('confirmed');
    expect(screen.getByRole('combobox', { name: 'Payment' })).toHaveValue('COD');
    expect(await screen.findByText('No orders on this page.')).toBeInTheDocument();
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'orders', [
      Query.equal('order_status', 'confirmed'),
      Query.equal('payment_type', 'COD'),
      Query.orderDesc('$createdAt'),
      Query.limit(20),
      Query.offset(20),
    ]);
  });

  it('changes a status at once and rolls it back with a toast when the server refuses (D9)', async () => {
    let refuse: (e: Error) => void = () => {};
    vi.mocked(databases.updateDocument).mockImplementation(
      () => new Promise((_resolve, reject) => (refuse = reject)),
    );
    const { user } = renderDashboard('/dashboard/orders');
    const select = await screen.findByRole('combobox', { name: 'Status of order a00000' });
    expect(select).toHaveValue('pending');
    await user.selectOptions(select, 'confirmed');
    const ask = screen.getByRole('alertdialog', { name: 'Confirm status of order #A00000' });
    expect(ask).toHaveTextContent(
      'Confirm order #A00000? The customer hears that it is being packed.',
    );
    expect(databases.updateDocument).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Confirm order' }));
    expect(ask).not.toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('confirmed'));
    expect(databases.updateDocument).toHaveBeenCalledWith('shop', 'orders', 'a00000', {
      order_status: 'confirmed',
    });
    refuse(new AppwriteException('The user is not authorized', 401, 'user_unauthorized'));
    expect(
      await screen.findByText('The status was not changed: The user is not authorized'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of order a00000' })).toHaveValue(
        'pending',
      ),
    );
  });

  it('keeps the change and refreshes the counters when the server accepts it', async () => {
    vi.mocked(databases.updateDocument).mockImplementation(async (_db, _col, id, data) => {
      const target = orders.find((o) => o.$id === id)!;
      serveOrders(orders.map((o) => (o.$id === id ? { ...o, ...data } : o)));
      return { ...target, ...data } as never;
    });
    const { user } = renderDashboard('/dashboard/orders');
    const select = await screen.findByRole('combobox', { name: 'Status of order a00000' });
    await waitFor(() => expect(counter('Pending')).toHaveTextContent('1'));
    // Only the changes the statuses allow are offered: a pending order is not delivered yet.
    const option = (name: string) => within(select).getByRole('option', { name });
    expect(option('Complete')).toBeDisabled();
    expect(option('Returned')).toBeDisabled();
    expect(option('Confirmed')).toBeEnabled();
    // Cancelling asks first, in the page, the safe answer in focus; saying no changes nothing.
    const confirmWindow = vi.spyOn(window, 'confirm');
    await user.selectOptions(select, 'cancelled');
    const ask = screen.getByRole('alertdialog', { name: 'Confirm status of order #A00000' });
    expect(ask).toHaveTextContent(
      'Cancel order #A00000? Its pairs go back on sale and the customer gets an e-mail.',
    );
    const keep = within(ask).getByRole('button', { name: 'Not now' });
    expect(keep).toHaveFocus();
    expect(select).toHaveValue('pending');
    await user.click(keep);
    expect(ask).not.toBeInTheDocument();
    expect(databases.updateDocument).not.toHaveBeenCalled();
    // Escape is the safe answer too.
    await user.selectOptions(select, 'cancelled');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(databases.updateDocument).not.toHaveBeenCalled();
    await user.selectOptions(select, 'confirmed');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(confirmWindow).not.toHaveBeenCalled();
    await waitFor(() => expect(counter('Pending')).toHaveTextContent('0'));
    expect(select).toHaveValue('confirmed');
    expect(await screen.findByText('Order #A00000 is now Confirmed')).toBeInTheDocument();
  });

  it('shows a new order live from the orders channel (D13)', async () => {
    renderDashboard('/dashboard/orders');
    expect(await screen.findByRole('link', { name: 'Customer 0' })).toBeInTheDocument();
    await waitFor(() => expect(client.subscribe).toHaveBeenCalled());
    const [channel, callback] = vi.mocked(client.subscribe).mock.calls[0]!;
    expect(channel).toBe('databases.shop.collections.orders.documents');
    const fresh = order('fff001', { User_name: 'Zara Khan' });
    (callback as (e: unknown) => void)({
      events: ['databases.shop.collections.orders.documents.fff001.create'],
      channels: [channel],
      timestamp: fresh.$createdAt,
      payload: fresh,
    });
    const link = await screen.findByRole('link', { name: 'Zara Khan' });
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toBe(link.closest('tr'));
    expect(await screen.findByText('New order from Zara Khan')).toBeInTheDocument();
  });
});

describe('Export CSV (D20)', () => {
  it('pages through every order and writes one quoted row each', async () => {
    const download = await exportCsvFrom('/dashboard/orders');
    expect(await screen.findByText('Exported 25 orders')).toBeInTheDocument();
    expect(download.click).toHaveBeenCalledTimes(1);
    expect(download.filename()).toMatch(/^courtside-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'orders', [
      Query.orderDesc('$createdAt'),
      Query.limit(100),
    ]);
    const lines = await download.lines();
    expect(lines).toHaveLength(26);
    expect(lines[0]).toBe(
      'order_number,date,customer,phone,email,address,street,address_2,city,items,products,payment_type,price,discount_code,discount,order_status,user_id,courier,tracking_number',
    );
    expect(lines[1]).toBe(
      'a00000,2026-11-21 14:30,Customer 0,+923001234567,ali@example.com,12 Mall Road city: Lahore,12 Mall Road city: Lahore,,,2,2 x Kobe 6 Grinch (EUR 44) @ 25000,COD,50500,,0,pending,cust1,,',
    );
  });

  it('quotes commas and quotes, and defuses spreadsheet formulas', () => {
    const csv = ordersToCsv([
      order('b00001', { User_name: '=HYPERLINK("x")', address: 'House 5, "Gulberg"' }),
    ]);
    const row = csv.split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"House 5, ""Gulberg"""');
    expect(row).toContain(',+923001234567,');
    expect(ordersToCsv([order('b00002', { User_name: '-2+3' })])).toContain(",'-2+3,");
  });
});
