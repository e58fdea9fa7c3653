import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../src/app/store';
import { login, logout } from '../src/entities/session/auth-slice';
import { MAGIC_URL_PATH, MagicUrlPage } from '../src/features/auth/MagicUrlPage';
import { account } from '../src/lib/appwrite';
import { accountOf, customer } from './account-fixtures';
import { renderPage } from './render';

beforeEach(() => {
  vi.restoreAllMocks();
});

const link = (query: string) => ({ path: MAGIC_URL_PATH, url: `${MAGIC_URL_PATH}?${query}` });

describe('magic-link sign-in (/auth/magic-url)', () => {
  it('completes the session after the page’s own lookup, stores the user and goes home', async () => {
    const complete = vi.spyOn(account, 'updateMagicURLSession').mockResolvedValue({} as never);
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
    const store = makeStore();
    const { router } = renderPage(<MagicUrlPage />, {
      ...link('userId=u1&secret=s3cret&expire=2026-11-23'),
      store,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in');
    // The shell's current-user lookup is still running: its "no user" must not undo the session.
    expect(complete).not.toHaveBeenCalled();
    act(() => {
      store.dispatch(logout());
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(complete).toHaveBeenCalledTimes(1);
    expect(complete).toHaveBeenCalledWith('u1', 's3cret');
    expect(store.getState().auth).toMatchObject({ status: true, userData: { $id: 'u1' } });
  });

  it("takes the shop owner to the dashboard's Overview", async () => {
    vi.spyOn(account, 'updateMagicURLSession').mockResolvedValue({} as never);
    vi.spyOn(account, 'get').mockResolvedValue(
      accountOf({ ...customer, labels: ['admin'] }) as never,
    );
    const store = makeStore();
    store.dispatch(logout());
    const { router } = renderPage(<MagicUrlPage />, { ...link('userId=u1&secret=s3cret'), store });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
  });

  it('says why a spent link failed and offers the way to log in', async () => {
    vi.spyOn(account, 'updateMagicURLSession').mockRejectedValue(
      new AppwriteException('Invalid token passed in the request.', 401, 'user_invalid_token'),
    );
    const store = makeStore();
    store.dispatch(logout());
    const { router } = renderPage(<MagicUrlPage />, { ...link('userId=u1&secret=used'), store });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid token passed in the request. The link may have expired or been used already',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe(MAGIC_URL_PATH);
    expect(store.getState().auth.status).toBe(false);
  });

  it('lets someone already signed in carry on when an old link fails', async () => {
    vi.spyOn(account, 'updateMagicURLSession').mockRejectedValue(
      new AppwriteException('Invalid token passed in the request.', 401, 'user_invalid_token'),
    );
    const store = makeStore();
    store.dispatch(login(customer));
    renderPage(<MagicUrlPage />, { ...link('userId=u1&secret=used'), store });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid token');
    expect(screen.getByRole('link', { name: 'You are signed in: go to the shop' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(store.getState().auth.status).toBe(true);
  });

  it('says an incomplete link is incomplete, without calling the server', async () => {
    const complete = vi.spyOn(account, 'updateMagicURLSession');
    const store = makeStore();
    store.dispatch(logout());
    renderPage(<MagicUrlPage />, { ...link('userId=u1'), store });
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is incomplete');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
    expect(complete).not.toHaveBeenCalled();
  });
});
