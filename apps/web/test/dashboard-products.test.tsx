import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException, Query } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { databases } from '../src/lib/appwrite';
import { list, product, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

const catalogue = [
  product('111111111', 'Kobe 6 Grinch'),
  product('222222222', 'KD 4 Nerf', { category: 'kd', stoke: 'false', stock: 0 }),
  product('333333333', 'Kobe 5 Chaos'),
];

/** A products collection that answers the dashboard's queries like the server would. */
function serveProducts(products = catalogue) {
  vi.mocked(databases.listDocuments).mockImplementation(async (_db, _col, queries = []) => {
    if (queries.includes(Query.limit(1))) {
      if (queries.some((q) => q.startsWith('lessThanEqual'))) return list([], 4);
      if (queries.includes(Query.equal('stoke', 'true'))) return list([], 7);
      if (queries.includes(Query.equal('stoke', 'false'))) return list([], 2);
    }
    const search = queries.find((q) => q.startsWith('search('));
    const term = search ? (JSON.parse(search.slice(search.indexOf('['), -1)) as string[])[0]! : '';
    const found = products.filter((p) => p.title.toLowerCase().includes(term.toLowerCase()));
    const offset = queries.find((q) => q.startsWith('offset('));
    const from = offset ? Number(/\d+/.exec(offset)![0]) : 0;
    return list(found.slice(from, from + 12), found.length);
  });
}

/** The owner's settings: none saved yet (the defaults), unless a test saves some. */
function serveSettings(saved: Record<string, unknown> | null = null) {
  vi.mocked(databases.getDocument).mockImplementation(async (_db, collection, id) => {
    if (collection === 'settings' && saved) return { $id: id, ...saved } as never;
    throw new AppwriteException('Document with the requested ID could not be found.', 404);
  });
}

const gridCalls = () =>
  vi
    .mocked(databases.listDocuments)
    .mock.calls.map((c) => c[2] ?? [])
    .filter((q) => !q.includes(Query.limit(1)));

beforeEach(() => {
  vi.clearAllMocks();
  serveProducts();
  serveSettings();
});

describe('products overview', () => {
  it('shows Total Products (in stock + out of stock), Out of Stock and Low Stock', async () => {
    renderDashboard('/dashboard/products');
    const total = (await screen.findByText('Total Products')).parentElement!;
    await waitFor(() => expect(total).toHaveTextContent('9'));
    expect(screen.getByText('Out of Stock', { selector: 'p' }).parentElement).toHaveTextContent(
      '2',
    );
    const low = screen.getByText('Low Stock', { selector: 'p' }).parentElement!;
    expect(low).toHaveTextContent('4');
    expect(low).toHaveTextContent('1 left or fewer');
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'products', [
      Query.orderDesc('$createdAt'),
      Query.limit(12),
    ]);
  });

  it('filters the grid by title with a server-side search, best match first (D8)', async () => {
    const { user, router } = renderDashboard('/dashboard/products');
    expect(await screen.findByText('KD 4 Nerf')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search'), 'kobe');
    await waitFor(() => expect(screen.queryByText('KD 4 Nerf')).not.toBeInTheDocument());
    expect(screen.getByText('Kobe 6 Grinch')).toBeInTheDocument();
    expect(screen.getByText('Kobe 5 Chaos')).toBeInTheDocument();
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'products', [
      Query.search('title', 'kobe'),
      Query.limit(12),
    ]);
    expect(router.state.location.search).toBe('?q=kobe');
    await user.clear(screen.getByPlaceholderText('Search'));
    await user.type(screen.getByPlaceholderText('Search'), 'jordan');
    expect(await screen.findByText('Your search did not match any Product')).toBeInTheDocument();
  });

  it('links every card to its edit page through the Update overlay', async () => {
    renderDashboard('/dashboard/products');
    expect(await screen.findByRole('link', { name: 'Update Kobe 6 Grinch' })).toHaveAttribute(
      'href',
      '/dashboard/editproduct/111111111',
    );
  });

  it('pages through every product to the oldest, each page with its address', async () => {
    const thirty = Array.from({ length: 30 }, (_, i) =>
      product(String(100000000 + i), `Pair ${30 - i}`),
    );
    serveProducts(thirty);
    const { user, router } = renderDashboard('/dashboard/products');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('30 products')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Last page' }));
    expect(await screen.findByText('Pair 1')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(gridCalls().at(-1)).toEqual([
      Query.orderDesc('$createdAt'),
      Query.limit(12),
      Query.offset(24),
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem'),
    ).toHaveLength(6);
    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('puts the stock view, the brand and the sort in the address, back at page 1', async () => {
    const { user, router } = renderDashboard('/dashboard/products?page=2');
    await user.click(await screen.findByRole('button', { name: 'Out of stock' }));
    await waitFor(() => expect(router.state.location.search).toBe('?stock=out'));
    expect(screen.getByRole('button', { name: 'Out of stock' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.selectOptions(screen.getByLabelText('Category or brand'), 'brand:puma');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-asc');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?stock=out&brand=puma&sort=price-asc'),
    );
    await waitFor(() =>
      expect(gridCalls().at(-1)).toEqual([
        Query.equal('stoke', 'false'),
        Query.equal('category', ['puma', 'lamalo']),
        Query.orderAsc('sale_price'),
        Query.limit(12),
      ]),
    );
  });
});

describe('low stock', () => {
  it("lists what is in stock at the shop's threshold or below, which the owner changes", async () => {
    serveSettings({ low_stock: 2 });
    vi.mocked(databases.updateDocument).mockImplementation(
      async (_db, _col, id, data) => ({ $id: id, ...data }) as never,
    );
    const { user } = renderDashboard('/dashboard/products?stock=low');
    const field = await screen.findByLabelText(
      'Low stock: products in stock with this many pairs left or fewer',
    );
    expect(field).toHaveValue(2);
    expect(gridCalls()[0]).toEqual([
      Query.equal('stoke', 'true'),
      Query.lessThanEqual('stock', 2),
      Query.orderDesc('$createdAt'),
      Query.limit(12),
    ]);
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Low stock must be a whole number of pairs from 1 to 100,000',
    );
    expect(databases.updateDocument).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '3');
    serveSettings({ low_stock: 3 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(databases.updateDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        low_stock: 3,
      }),
    );
    expect(
      await screen.findByText('Low stock now means 3 pairs left or fewer'),
    ).toBeInTheDocument();
    await waitFor(() => expect(gridCalls().at(-1)).toContain(Query.lessThanEqual('stock', 3)));
  });

  it('creates the settings at their first save', async () => {
    vi.mocked(databases.updateDocument).mockRejectedValue(
      new AppwriteException('Document with the requested ID could not be found.', 404),
    );
    vi.mocked(databases.createDocument).mockImplementation(
      async (_db, _col, id, data) => ({ $id: id, ...data }) as never,
    );
    const { user } = renderDashboard('/dashboard/products?stock=low');
    const field = await screen.findByLabelText(
      'Low stock: products in stock with this many pairs left or fewer',
    );
    expect(field).toHaveValue(1);
    await user.clear(field);
    await user.type(field, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(databases.createDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        low_stock: 2,
      }),
    );
  });
});

describe('bulk actions', () => {
  it('marks the selected products out of stock, one at a time, after a confirmation', async () => {
    vi.mocked(databases.updateDocument)
      .mockResolvedValueOnce({} as never)
      .mockRejectedValueOnce(new AppwriteException('Only the shop owner can do this', 401));
    const { user } = renderDashboard('/dashboard/products');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Kobe 6 Grinch' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Kobe 5 Chaos' }));
    // Already sold out: nothing to mark.
    await user.click(screen.getByRole('checkbox', { name: 'Select KD 4 Nerf' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark out of stock' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm out of stock' });
    expect(confirm).toHaveTextContent('Mark 2 products out of stock?');
    expect(databases.updateDocument).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, mark out of stock' }));
    await waitFor(() => expect(databases.updateDocument).toHaveBeenCalledTimes(2));
    expect(vi.mocked(databases.updateDocument).mock.calls.map((c) => [c[2], c[3]])).toEqual([
      ['111111111', { stoke: 'false' }],
      ['333333333', { stoke: 'false' }],
    ]);
    expect(await screen.findByText('1 product marked out of stock')).toBeInTheDocument();
    expect(
      screen.getByText('1 product not marked out of stock: Only the shop owner can do this'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('deletes the selected products only once confirmed; Cancel keeps them', async () => {
    vi.mocked(databases.deleteDocument).mockResolvedValue({} as never);
    const { user } = renderDashboard('/dashboard/products');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(databases.deleteDocument).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm delete' });
    expect(confirm).toHaveTextContent('Delete 3 products and their images? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('3 products deleted')).toBeInTheDocument();
    expect(vi.mocked(databases.deleteDocument).mock.calls.map((c) => c[2])).toEqual([
      '111111111',
      '222222222',
      '333333333',
    ]);
  });
});
