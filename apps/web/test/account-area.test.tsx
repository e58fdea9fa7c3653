import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountRoute } from '../src/app/routes/account';
import { account, client, databases } from '../src/lib/appwrite';
import { accountOf, customer, kd, kobe, storeWith } from './account-fixtures';
import { toggleWishlist } from '../src/entities/wishlist/wishlist-slice';
import { notify } from '../src/components/ui/toasts';
import type { ShopUser } from '@courtside/shop';

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(client, 'subscribe').mockReturnValue(() => {});
  vi.spyOn(databases, 'listDocuments').mockResolvedValue({ total: 0, documents: [] } as never);
  vi.spyOn(account, 'listSessions').mockResolvedValue({ total: 0, sessions: [] } as never);
});

/** A session as the SDK lists it. */
const session = (id: string, current: boolean, clientName: string) => ({
  $id: id,
  $createdAt: '2026-11-20T10:00:00.000+00:00',
  current,
  clientName,
  clientVersion: '120.0',
  osName: 'Android',
  osVersion: '14',
  ip: '10.0.0.1',
  countryName: 'Unknown',
});

/** This device (s1) and two others. */
const threeSessions = () =>
  vi.spyOn(account, 'listSessions').mockResolvedValue({
    total: 3,
    sessions: [
      session('s1', true, 'Chrome'),
      session('s2', false, 'Firefox'),
      session('s3', false, 'Safari'),
    ],
  } as never);

/** The real account routes (layout + lazy pages) in a memory router. */
function renderAccount(url: string, user: ShopUser | null, store = storeWith(user)) {
  const router = createMemoryRouter([accountRoute, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [url],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store, user: userEvent.setup() };
}

describe('account layout', () => {
  it('shows the side menu and, when logged out, the prompt with a link to /login', async () => {
    renderAccount('/account/my-orders', null);
    expect(
      await screen.findByRole('heading', { name: 'Please sign in to see your account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Account', 'My Orders', 'Wishlist']);
    expect(screen.queryByRole('link', { name: 'Go To Dashboard' })).toBeNull();
    expect(databases.listDocuments).not.toHaveBeenCalled();
  });

  it('shows Go To Dashboard to admins only', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    renderAccount('/account/my-account', { ...customer, labels: ['admin'] });
    expect(
      await screen.findByRole('link', { name: 'Go To Dashboard' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/dashboard/overview');
  });

  it('opens My Account for /account', async () => {
    const { router } = renderAccount('/account', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/my-account'));
  });
});

describe('My Account', () => {
  it('greets the customer and shows profile and address (Not given when none)', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    renderAccount('/account/my-account', customer);
    // The page's code loads first (the first import in this file: slow on a busy machine).
    expect(
      await screen.findByRole('heading', { name: 'Welcome Ali Raza' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    for (const text of ['ali@example.com', 'November 2026'])
      expect(screen.getByText(text)).toBeInTheDocument();
    // The account's id is the shop's business: it is not shown.
    expect(screen.queryByText('u1')).toBeNull();
    expect(screen.getAllByText('Not given')).toHaveLength(3); // phone, address 1, address 2
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
  });

  it('shows the saved address (D10)', async () => {
    const prefs = {
      address: {
        firstname: 'Ali',
        lastname: 'Raza',
        address: '12 Mall Road',
        etcaddress: 'Flat 3',
        city: 'Lahore',
        phone: '+923001234567',
      },
    };
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer, { prefs }) as never);
    renderAccount('/account/my-account', customer);
    expect(await screen.findByText('12 Mall Road, Lahore')).toBeInTheDocument();
    expect(screen.getByText('Flat 3')).toBeInTheDocument();
  });

  it('offers the verification link while the e-mail is unverified', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(
      accountOf(customer, { emailVerification: false }) as never,
    );
    const send = vi.spyOn(account, 'createVerification').mockResolvedValue({} as never);
    const { user } = renderAccount('/account/my-account', customer);
    const banner = await screen.findByRole('region', { name: 'E-mail verification' });
    await user.click(within(banner).getByRole('button', { name: 'Send verification link' }));
    expect(send).toHaveBeenCalledWith(`${window.location.origin}/account/verify-email`);
    expect(await within(banner).findByText(/We sent a link to/)).toBeInTheDocument();
  });

  it('changes the name and keeps the header in step', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    const update = vi
      .spyOn(account, 'updateName')
      .mockResolvedValue(accountOf({ ...customer, name: 'Ali Khan' }) as never);
    const { user, store } = renderAccount('/account/my-account', customer);
    await screen.findByRole('heading', { name: 'Welcome Ali Raza' });
    await user.click(screen.getByText('Edit profile'));
    const form = screen.getByRole('form', { name: 'Change name' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Ali Khan');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('Ali Khan'));
    await waitFor(() => expect(store.getState().auth.userData?.name).toBe('Ali Khan'));
  });

  it("shows the server's refusal of a password change", async () => {
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    vi.spyOn(account, 'updatePassword').mockRejectedValue(
      new AppwriteException(
        'Invalid credentials. Please check the email and password.',
        401,
        'user_invalid_credentials',
      ),
    );
    const { user } = renderAccount('/account/my-account', customer);
    await screen.findByRole('heading', { name: 'Welcome Ali Raza' });
    await user.click(screen.getByText('Edit profile'));
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'wrong-password');
    await user.type(within(form).getByLabelText('New password'), 'new-password-1');
    await user.type(within(form).getByLabelText('New password again'), 'new-password-2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The passwords do not match')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('New password again'));
    await user.type(within(form).getByLabelText('New password again'), 'new-password-1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('lists the sessions and ends another one', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    vi.spyOn(account, 'listSessions').mockResolvedValue({
      total: 2,
      sessions: [session('s1', true, 'Chrome'), session('s2', false, 'Firefox')],
    } as never);
    const end = vi.spyOn(account, 'deleteSession').mockResolvedValue({} as never);
    const { user } = renderAccount('/account/my-account', customer);
    const other = (await screen.findByText('Firefox 120.0 on Android 14')).closest('li')!;
    expect(screen.getByText('This device')).toBeInTheDocument();
    await user.click(within(other).getByRole('button', { name: 'End session' }));
    expect(end).toHaveBeenCalledWith('s2');
  });
});

describe('passwords and other devices', () => {
  it('changes the password and, when asked, logs out the other devices', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    const update = vi
      .spyOn(account, 'updatePassword')
      .mockResolvedValue(accountOf(customer) as never);
    threeSessions();
    const end = vi.spyOn(account, 'deleteSession').mockResolvedValue({} as never);
    const { user } = renderAccount('/account/my-account', customer);
    await screen.findByRole('heading', { name: 'Welcome Ali Raza' });
    await user.click(screen.getByText('Edit profile'));
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await user.type(within(form).getByLabelText('New password'), 'new-password-1');
    await user.type(within(form).getByLabelText('New password again'), 'new-password-1');
    await user.click(within(form).getByRole('checkbox', { name: 'Log out of my other devices' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Password changed. Your other devices are logged out.'),
    ).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith('new-password-1', 'old-password-1');
    expect(end.mock.calls).toEqual([['s2'], ['s3']]);
  });

  it('lets an account without a password set one, with no current password asked', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(
      accountOf(customer, { passwordUpdate: '' }) as never,
    );
    const update = vi
      .spyOn(account, 'updatePassword')
      .mockResolvedValue(accountOf(customer) as never);
    const end = vi.spyOn(account, 'deleteSession').mockResolvedValue({} as never);
    const { user } = renderAccount('/account/my-account', customer);
    await screen.findByRole('heading', { name: 'Welcome Ali Raza' });
    await user.click(screen.getByText('Edit profile'));
    const form = screen.getByRole('form', { name: 'Set a password' });
    expect(within(form).queryByLabelText('Current password')).toBeNull();
    await user.type(within(form).getByLabelText('New password'), 'new-password-1');
    await user.type(within(form).getByLabelText('New password again'), 'new-password-1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('new-password-1', undefined));
    expect(end).not.toHaveBeenCalled();
  });

  it('logs out everywhere else from the sessions list, keeping this device', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    threeSessions();
    const end = vi.spyOn(account, 'deleteSession').mockResolvedValue({} as never);
    const { user, store } = renderAccount('/account/my-account', customer);
    await screen.findByText('Firefox 120.0 on Android 14');
    await user.click(screen.getByRole('button', { name: 'Log out everywhere else' }));
    await waitFor(() => expect(end.mock.calls).toEqual([['s2'], ['s3']]));
    expect(store.getState().auth.status).toBe(true);
  });

  it('goes home, logged out, after logging out this device from the list (docs/shop.md §4)', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    threeSessions();
    const end = vi.spyOn(account, 'deleteSession').mockResolvedValue({} as never);
    const { user, store, router } = renderAccount('/account/my-account', customer);
    const mine = (await screen.findByText('Chrome 120.0 on Android 14')).closest('li')!;
    await user.click(within(mine).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(end).toHaveBeenCalledWith('current');
    expect(store.getState().auth).toMatchObject({ status: false, userData: null });
  });
});

/** The shop answers the wishlist's check with the products as they were saved. */
function shopHasSaved(store: ReturnType<typeof storeWith>) {
  vi.spyOn(databases, 'listDocuments').mockResolvedValue({
    total: store.getState().wishList.items.length,
    documents: store.getState().wishList.items,
  } as never);
}

describe('wishlist page', () => {
  it('adds all to the cart and clears', async () => {
    const store = storeWith(null, [kobe]);
    store.dispatch(toggleWishlist(kobe));
    store.dispatch(toggleWishlist(kd));
    shopHasSaved(store);
    const { user } = renderAccount('/account/wishlist', null, store);
    expect(await screen.findByRole('link', { name: 'KD 15' })).toHaveAttribute(
      'href',
      '/product/222222222',
    );
    await user.click(screen.getByRole('button', { name: 'Add All To Cart' }));
    // Kobe was already in the cart: only KD joins, with quantity 1, and the page says so.
    expect(store.getState().cart.items.map((l) => [l.$id, l.quantity])).toEqual([
      [kobe.$id, 1],
      [kd.$id, 1],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Added 1 item to your cart. Already in your cart: Kobe 6 Protro.',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('All Items Added to cart');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Wishlist is Empty Now')).toBeInTheDocument();
    expect(store.getState().wishList.items).toEqual([]);
  });
});

describe('wishlist: one product to the cart', () => {
  it('adds it with the list toast, and says so once every pair left is in the cart', async () => {
    const added = vi.spyOn(notify, 'productAddedToCart');
    const full = vi.spyOn(notify, 'alreadyInCart');
    const store = storeWith(null);
    store.dispatch(toggleWishlist(kobe)); // two pairs left
    store.dispatch(toggleWishlist({ ...kd, stoke: 'false' as const, stock: 0 }));
    shopHasSaved(store);
    const { user } = renderAccount('/account/wishlist', null, store);
    const add = await screen.findByRole('button', { name: 'Add Kobe 6 Protro to cart' });
    expect(screen.queryByRole('button', { name: 'Add KD 15 to cart' })).toBeNull(); // sold out
    await user.click(add);
    await user.click(add);
    expect(store.getState().cart.items.map((l) => [l.$id, l.quantity])).toEqual([[kobe.$id, 2]]);
    expect(added).toHaveBeenCalledTimes(2);
    await user.click(add);
    expect(store.getState().cart.items.map((l) => [l.$id, l.quantity])).toEqual([[kobe.$id, 2]]);
    expect(full).toHaveBeenCalledTimes(1);
  });
});

describe('wishlist: checked against the shop', () => {
  it('shows a pair sold since it was saved as sold out, and keeps it out of the cart', async () => {
    const list = vi
      .spyOn(databases, 'listDocuments')
      .mockResolvedValue({ total: 1, documents: [{ ...kobe, stoke: 'false', stock: 0 }] } as never);
    const store = storeWith(null);
    store.dispatch(toggleWishlist(kobe)); // saved while two pairs were left
    const { user } = renderAccount('/account/wishlist', null, store);
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(list.mock.calls[0]![2]).toEqual([`equal("$id", ["${kobe.$id}"])`, 'limit(1)']);
    expect(screen.queryByRole('button', { name: 'Add Kobe 6 Protro to cart' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add All To Cart' }));
    expect(store.getState().cart.items).toEqual([]);
  });
});

describe('wishlist: add all to cart', () => {
  const soldOut = { ...kd, $id: '333333333', title: 'Dame 8', stoke: 'false' as const, stock: 0 };

  it("uses the spec's text when every item went in", async () => {
    const store = storeWith(null);
    store.dispatch(toggleWishlist(kobe));
    store.dispatch(toggleWishlist(kd));
    shopHasSaved(store);
    const { user } = renderAccount('/account/wishlist', null, store);
    await user.click(await screen.findByRole('button', { name: 'Add All To Cart' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^All Items Added to cart$/);
    expect(store.getState().cart.items).toHaveLength(2);
  });

  it('skips a sold-out pair (the shared in-stock rule) and says which', async () => {
    const store = storeWith(null);
    store.dispatch(toggleWishlist(kobe));
    store.dispatch(toggleWishlist(soldOut));
    // Flagged in stock but none left (D16): also sold out.
    store.dispatch(toggleWishlist({ ...kd, stock: 0 }));
    shopHasSaved(store);
    const { user } = renderAccount('/account/wishlist', null, store);
    await user.click(await screen.findByRole('button', { name: 'Add All To Cart' }));
    expect(store.getState().cart.items.map((l) => l.$id)).toEqual([kobe.$id]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Added 1 item to your cart. Sold out, not added: Dame 8, KD 15.',
    );
  });

  it('says when nothing new went in', async () => {
    const store = storeWith(null, [kobe]);
    store.dispatch(toggleWishlist(kobe));
    store.dispatch(toggleWishlist(soldOut));
    shopHasSaved(store);
    const { user } = renderAccount('/account/wishlist', null, store);
    await user.click(await screen.findByRole('button', { name: 'Add All To Cart' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing new was added to your cart. Already in your cart: Kobe 6 Protro. Sold out, not added: Dame 8.',
    );
  });
});

describe('e-mail verification link', () => {
  it('confirms the address from the link, signed in or not', async () => {
    const confirm = vi.spyOn(account, 'updateVerification').mockResolvedValue({} as never);
    renderAccount('/account/verify-email?userId=u1&secret=abc', null);
    expect(
      await screen.findByText('Your e-mail address is verified. Thank you!'),
    ).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('u1', 'abc');
  });

  it('says what to do with a spent link', async () => {
    vi.spyOn(account, 'updateVerification').mockRejectedValue(
      new AppwriteException('Invalid token passed in the request.', 401, 'user_invalid_token'),
    );
    renderAccount('/account/verify-email?userId=u1&secret=used', null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid token passed in the request. The link may have expired or been used',
    );
  });
});
