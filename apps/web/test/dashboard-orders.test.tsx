import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException, Query } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@courtside/shop';
import { ordersToCsv } from '../src/features/dashboard/csv';
import { client, databases } from '../src/lib/appwrite';
import { list, order, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

const orders = Array.from({ length: 25 }, (_, i) =>
  order(`a${String(i).padStart(5, '0')}`, {
    User_name: `Customer ${i}`,
    order_status: i === 0 ? 'pending' : i % 2 ? 'confirmed' : 'completed',
  }),
);

/** An orders collection answering the dashboard's queries, cursor paging included. */
function serveOrders(all: Order[] = orders) {
  vi.mocked(databases.listDocuments).mockImplementation(async (_db, _col, queries = []) => {
    const status = ['pending', 'completed'].find((s) =>
      queries.includes(Query.equal('order_status', s)),
    );
    const matching = status ? all.filter((o) => o.order_status === status) : all;
    const limitQ = queries.find((q) => q.startsWith('limit('));
    const limit = limitQ ? Number(limitQ.slice(6, -1)) : 25;
    const cursorQ = queries.find((q) => q.startsWith('cursorAfter('));
    const after = cursorQ ? (JSON.parse(cursorQ.slice(12, -1)) as string) : undefined;
    const start = after ? matching.findIndex((o) => o.$id === after) + 1 : 0;
    return list(matching.slice(start, start + limit), matching.length);
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  serveOrders();
});

const counter = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;

describe('orders list', () => {
  it('shows All Orders, the counters and the 20 newest, with a way to see older ones', async () => {
    const { user } = renderDashboard('/dashboard/orders');
    expect(await screen.findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    await waitFor(() => expect(counter('Total Orders')).toHaveTextContent('25'));
    expect(counter('Pending')).toHaveTextContent('1');
    expect(counter('Delivered')).toHaveTextContent('12');
    expect(await screen.findAllByRole('combobox')).toHaveLength(20);
    const first = screen.getByRole('link', { name: 'Customer 0' });
    expect(first).toHaveAttribute('href', '/dashboard/orders/a00000');
    const row = first.closest('tr')!;
    expect(row).toHaveTextContent('#a00000');
    expect(row).toHaveTextContent('COD');
    expect(row).toHaveTextContent('Rs.50,500');
    expect(row).toHaveTextContent('1'); // items: one cart line

    await user.click(screen.getByRole('button', { name: 'Show older orders' }));
    await waitFor(() => expect(screen.getAllByRole('combobox')).toHaveLength(25));
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'orders', [
      Query.orderDesc('$createdAt'),
      Query.limit(20),
      Query.cursorAfter('a00019'),
    ]);
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
  });

  it('offers no older orders when exactly one page of 20 exists', async () => {
    serveOrders(orders.slice(0, 20));
    renderDashboard('/dashboard/orders');
    expect(await screen.findAllByRole('combobox')).toHaveLength(20);
    await waitFor(() => expect(counter('Total Orders')).toHaveTextContent('20'));
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
    expect(databases.listDocuments).not.toHaveBeenCalledWith(
      'shop',
      'orders',
      expect.arrayContaining([Query.cursorAfter('a00019')]),
    );
  });

  it('changes a status at once and rolls it back with a toast when the server refuses (D9)', async () => {
    let refuse: (e: Error) => void = () => {};
    vi.mocked(databases.updateDocument).mockImplementation(
      () => new Promise((_resolve, reject) => (refuse = reject)),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderDashboard('/dashboard/orders');
    const select = await screen.findByRole('combobox', { name: 'Status of order a00000' });
    expect(select).toHaveValue('pending');
    await user.selectOptions(select, 'confirmed');
    expect(window.confirm).toHaveBeenCalledWith(
      'Confirm order #a00000? The customer gets an e-mail saying it is on its way.',
    );
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
    // Cancelling asks first; saying no changes nothing.
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.selectOptions(select, 'cancelled');
    expect(ask).toHaveBeenCalledWith(
      'Cancel order #a00000? Its pairs go back on sale and the customer gets an e-mail.',
    );
    expect(select).toHaveValue('pending');
    expect(databases.updateDocument).not.toHaveBeenCalled();
    ask.mockReturnValue(true);
    await user.selectOptions(select, 'confirmed');
    await waitFor(() => expect(counter('Pending')).toHaveTextContent('0'));
    expect(select).toHaveValue('confirmed');
    expect(await screen.findByText('Order #a00000 is now Confirmed')).toBeInTheDocument();
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
    const phone = within(customer).getByRole('link', { name: '+92 300 1234567' });
    expect(phone).toHaveAttribute('href', 'tel:+923001234567');
    expect(customer).toHaveTextContent('12 Mall Road city: Lahore');
    expect(customer).toHaveTextContent('not Available');
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

describe('Export CSV (D20)', () => {
  it('pages through every order and writes one quoted row each', async () => {
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:orders';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^courtside-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    });
    const { user } = renderDashboard('/dashboard/orders');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 25 orders')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'orders', [
      Query.orderDesc('$createdAt'),
      Query.limit(100),
    ]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved!);
    });
    const lines = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]).toBe(
      'order_number,date,customer,phone,email,address,street,address_2,city,items,products,payment_type,price,discount_code,discount,order_status,user_id',
    );
    expect(lines[1]).toBe(
      'a00000,2026-11-21T09:30:00.000+00:00,Customer 0,+923001234567,ali@example.com,12 Mall Road city: Lahore,12 Mall Road city: Lahore,,,2,2 x Kobe 6 Grinch (EUR 44) @ 25000,COD,50500,,0,pending,cust1',
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
