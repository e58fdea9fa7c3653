import { act, render, screen, within } from '@testing-library/react';
import type { Models } from 'appwrite';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router';
import { makeStore } from '../src/app/store';
import { startSessionLookup } from '../src/entities/session/auth-service';
import { account, databases } from '../src/lib/appwrite';
import { listOf } from './products';

/** account.get() that answers only when the test says so. */
function pendingAccount() {
  let answer!: (user: Models.User<Models.Preferences> | null) => void;
  const promise = new Promise<Models.User<Models.Preferences> | null>((ok) => (answer = ok));
  vi.spyOn(account, 'get').mockImplementation(async () => {
    const user = await promise;
    if (!user) throw new Error('User (role: guests) missing scope (account)');
    return user;
  });
  return { answer: (u: Models.User<Models.Preferences> | null) => act(async () => answer(u)) };
}

function renderApp(url: string) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

const user = {
  $id: 'u1',
  name: 'Hamza Ali',
  email: 'h@example.com',
  phone: '',
  labels: [],
  prefs: {},
} as unknown as Models.User<Models.Preferences>;

beforeEach(() => {
  vi.restoreAllMocks();
  window.scrollTo = vi.fn() as never;
  vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf([]) as never);
});

describe('first load (docs/shop.md §4) without holding the shop back', () => {
  it('renders the shop at once; only the account corner waits for the lookup', async () => {
    const lookup = pendingAccount();
    const { store } = renderApp('/');
    expect(await screen.findByRole('heading', { name: /Courtside: original/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Show slide/ })).toHaveLength(5);
    expect(store.getState().auth.checking).toBe(true);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    // The header's account corner shows the spinner meanwhile (docs/shop.md §2).
    expect(within(screen.getByRole('banner')).getAllByRole('status')[0]).toHaveTextContent(
      'Checking your account',
    );
    await lookup.answer(user);
    expect(store.getState().auth).toMatchObject({ checking: false, status: true });
    expect(screen.getAllByRole('button', { name: 'Welcome Hamza Ali' }).length).toBeGreaterThan(0);
  });

  it('a failed lookup ends loading logged out', async () => {
    const lookup = pendingAccount();
    const { store } = renderApp('/');
    await lookup.answer(null);
    expect(store.getState().auth).toMatchObject({ checking: false, status: false, userData: null });
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
  });

  it('checkout waits for the lookup in the layout, then lets a guest check out', async () => {
    const lookup = pendingAccount();
    const { router } = renderApp('/checkout');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Checking your account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    await lookup.answer(null);
    // No account needed (docs/shop.md#checkout): the page stays, its code loaded first.
    expect(
      await within(main).findByRole('heading', { name: 'Your Cart is Empty' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('checkout takes the lookup the app started before its first render: one question', async () => {
    const lookup = pendingAccount();
    startSessionLookup(); // as app/boot.tsx does, ahead of the first render
    expect(account.get).toHaveBeenCalledTimes(1);
    renderApp('/checkout');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Checking your account')).toBeInTheDocument();
    await lookup.answer(null);
    expect(
      await within(main).findByRole('heading', { name: 'Your Cart is Empty' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(account.get).toHaveBeenCalledTimes(1);
    // The page's next lookup (another visit's first render) asks again.
    renderApp('/');
    await vi.waitFor(() => expect(account.get).toHaveBeenCalledTimes(2));
  });

  it('the account area waits too, then shows the signed-in user', async () => {
    const lookup = pendingAccount();
    vi.spyOn(account, 'listSessions').mockResolvedValue({ total: 0, sessions: [] } as never);
    renderApp('/account/my-account');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Checking your account')).toBeInTheDocument();
    await lookup.answer(user);
    expect(
      await screen.findByRole('heading', { name: 'Welcome Hamza Ali' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
