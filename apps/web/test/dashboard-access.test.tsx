import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { account, databases } from '../src/lib/appwrite';
import { admin, list, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(databases.listDocuments).mockResolvedValue(list([]));
});

describe('dashboard access', () => {
  it('shows a spinner while the current user is looked up', async () => {
    renderDashboard('/dashboard/products', 'checking');
    // The dashboard's code loads first (its own spinner), then the lookup's shows.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Checking your account'),
    );
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('sends a visitor who is not logged in to /', async () => {
    const { router } = renderDashboard('/dashboard/orders', null);
    expect(await screen.findByText('storefront home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(databases.listDocuments).not.toHaveBeenCalled();
  });

  it('sends a customer without the admin label to / from every dashboard route', async () => {
    const customer = { ...admin, $id: 'c1', labels: [] };
    for (const path of [
      '/dashboard',
      '/dashboard/overview',
      '/dashboard/products',
      '/dashboard/addproducts',
      '/dashboard/editproduct/123456789',
      '/dashboard/orders',
      '/dashboard/orders/abc123',
    ]) {
      const { router, unmount } = renderDashboard(path, customer);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      unmount();
    }
    expect(databases.listDocuments).not.toHaveBeenCalled();
  });

  it('lets an admin in, with the eleven links of the side navigation', async () => {
    renderDashboard('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')]);
    expect(links).toEqual([
      ['Overview', '/dashboard/overview'],
      ['Products', '/dashboard/products'],
      ['Add Product', '/dashboard/addproducts'],
      ['Orders', '/dashboard/orders'],
      ['Discount codes', '/dashboard/codes'],
      ['Customers', '/dashboard/customers'],
      ['Pages', '/dashboard/pages'],
      ['Storefront', '/dashboard/content'],
      ['Subscribers', '/dashboard/subscribers'],
      ['Backups', '/dashboard/backups'],
      ['Settings', '/dashboard/settings'],
    ]);
    // Phones show a short label under each icon; the link's name stays the full one.
    expect(within(nav).getByRole('link', { name: 'Add Product' })).toHaveTextContent('Add');
    // /dashboard opens the Overview.
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });

  it("shows the shop's name, the way back to the storefront, and Log out", async () => {
    vi.mocked(account.deleteSession).mockResolvedValue({} as never);
    const { router, user, store } = renderDashboard('/dashboard/products');
    await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(screen.getAllByRole('link', { name: 'Courtside home' })[0]).toHaveTextContent(
      'Courtside',
    );
    // Phones get a short pair in the top bar, wide screens the side column's: both lead home.
    for (const link of screen.getAllByRole('link', { name: 'Go to the shop: Courtside' })) {
      expect(link).toHaveAttribute('href', '/');
    }
    await user.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(account.deleteSession).toHaveBeenCalledWith('current');
    expect(store.getState().auth.status).toBe(false);
  });
});
