import { screen, waitFor } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/LoginPage';
import { SignupPage } from '../src/features/auth/SignupPage';
import { account } from '../src/lib/appwrite';
import { renderPage } from './render';

beforeEach(() => vi.restoreAllMocks());

describe('login form', () => {
  it('asks for both fields and a valid e-mail before calling the server', async () => {
    const call = vi.spyOn(account, 'createEmailSession');
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email'), 'ali@');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email address must be a valid address')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it("shows the server's message in the alert line and clears the loading state", async () => {
    vi.spyOn(account, 'createEmailSession').mockRejectedValue(
      new AppwriteException(
        'Invalid credentials. Please check the email and password.',
        401,
        'user_invalid_credentials',
      ),
    );
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ali@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid credentials. Please check the email and password.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('stores the user and goes home after logging in', async () => {
    vi.spyOn(account, 'createEmailSession').mockResolvedValue({} as never);
    vi.spyOn(account, 'get').mockResolvedValue({
      $id: 'u1',
      name: 'Ali Raza',
      email: 'ali@example.com',
      phone: '',
      labels: [],
      prefs: {},
    } as never);
    const { user, store, router } = renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ali@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth).toMatchObject({ status: true, userData: { name: 'Ali Raza' } });
  });

  it("takes the shop owner to the dashboard's Overview, unless a page waits (?next=)", async () => {
    vi.spyOn(account, 'createEmailSession').mockResolvedValue({} as never);
    vi.spyOn(account, 'get').mockResolvedValue({
      $id: 'owner',
      name: 'Owner',
      email: 'owner@example.com',
      phone: '',
      labels: ['admin'],
      prefs: {},
    } as never);
    const signIn = async (url: string) => {
      const { user, router, unmount } = renderPage(<LoginPage />, { path: '/login', url });
      await user.type(screen.getByLabelText('Email'), 'owner@example.com');
      await user.type(screen.getByLabelText('Password'), 'password123');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      return { router, unmount };
    };
    const first = await signIn('/login');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard/overview'));
    first.unmount();
    const second = await signIn('/login?next=%2Fdashboard%2Forders');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard/orders'));
  });
});

const ALI = {
  $id: 'u1',
  name: 'Ali Raza',
  email: '',
  phone: '+923001234567',
  labels: [],
  prefs: {},
} as never;

describe('coming back after logging in (?next=)', () => {
  it('returns to the checkout, and the sign-up link carries the way back', async () => {
    vi.spyOn(account, 'createEmailSession').mockResolvedValue({} as never);
    vi.spyOn(account, 'get').mockResolvedValue(ALI);
    const { user, router } = renderPage(<LoginPage />, {
      path: '/login',
      url: '/login?next=%2Fcheckout',
    });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fcheckout',
    );
    await user.type(screen.getByLabelText('Email'), 'ali@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it.each(['https://evil.example/checkout', '//evil.example', '/\\evil.example', 'checkout'])(
    'ignores %s and goes home',
    async (next) => {
      vi.spyOn(account, 'createEmailSession').mockResolvedValue({} as never);
      vi.spyOn(account, 'get').mockResolvedValue(ALI);
      const { user, router } = renderPage(<LoginPage />, {
        path: '/login',
        url: `/login?next=${encodeURIComponent(next)}`,
      });
      await user.type(screen.getByLabelText('Email'), 'ali@example.com');
      await user.type(screen.getByLabelText('Password'), 'password123');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(router.state.location.search).toBe('');
    },
  );
});

describe('logging in by SMS', () => {
  it('leads with the number; a guest on the way to checkout may go on without signing in', async () => {
    const { user, router } = renderPage(<LoginPage />, {
      path: '/login',
      url: '/login?next=%2Fcheckout',
    });
    const fields = screen.getAllByRole('textbox');
    expect(fields[0]).toBe(screen.getByLabelText('Mobile number'));
    await user.click(screen.getByRole('link', { name: 'Continue as guest' }));
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('offers no guest way when nothing waits after signing in', () => {
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.queryByRole('link', { name: 'Continue as guest' })).toBeNull();
  });

  it('texts a code to a Pakistani number, then logs in with it and goes on', async () => {
    const send = vi
      .spyOn(account, 'createPhoneSession')
      .mockResolvedValue({ userId: 'u1' } as never);
    const verify = vi.spyOn(account, 'updatePhoneSession').mockResolvedValue({} as never);
    vi.spyOn(account, 'get').mockResolvedValue(ALI);
    const { user, router, store } = renderPage(<LoginPage />, {
      path: '/login',
      url: '/login?next=%2Fcheckout',
    });
    await user.type(screen.getByLabelText('Mobile number'), '0300 123');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(
      await screen.findByText('Enter a Pakistani mobile number, like 03XX XXXXXXX'),
    ).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '0300 1234567');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(send).toHaveBeenCalledWith('unique()', '+923001234567');
    expect(await screen.findByText(/We texted a 6-digit code to/)).toHaveTextContent(
      '0300 1234567',
    );
    await user.type(screen.getByLabelText('Code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in with this code' }));
    expect(
      await screen.findByText('Enter the 6-digit code from the text message'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '6');
    await user.click(screen.getByRole('button', { name: 'Sign in with this code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(verify).toHaveBeenCalledWith('u1', '123456');
    expect(store.getState().auth).toMatchObject({ status: true });
  });

  it("shows the server's word when a code cannot be sent or is wrong", async () => {
    vi.spyOn(account, 'createPhoneSession').mockRejectedValueOnce(
      new AppwriteException(
        'Rate limit for the current endpoint has been exceeded.',
        429,
        'general_rate_limit_exceeded',
      ),
    );
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Mobile number'), '03001234567');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(
      await screen.findByText(
        'Too many tries in a short time. Please wait a few minutes and try again.',
      ),
    ).toBeInTheDocument();
  });
});

describe('sign-up form', () => {
  it('needs a name, a valid e-mail and an 8-character password', async () => {
    const call = vi.spyOn(account, 'create');
    const { user } = renderPage(<SignupPage />, { path: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email address must be a valid address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('creates the account, then logs in with the same e-mail and password', async () => {
    const create = vi.spyOn(account, 'create').mockResolvedValue({} as never);
    const session = vi.spyOn(account, 'createEmailSession').mockResolvedValue({} as never);
    vi.spyOn(account, 'get').mockResolvedValue({
      $id: 'u2',
      name: 'Sara',
      email: 's@example.com',
      phone: '',
      labels: [],
      prefs: {},
    } as never);
    const { user, store } = renderPage(<SignupPage />, { path: '/signup' });
    await user.type(screen.getByLabelText('Name'), 'Sara');
    await user.type(screen.getByLabelText('Email'), 's@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(store.getState().auth.status).toBe(true));
    expect(create).toHaveBeenCalledWith('unique()', 's@example.com', 'password123', 'Sara');
    expect(session).toHaveBeenCalledWith('s@example.com', 'password123');
  });

  it('for an address that already has an account, asks to check the e-mail (the server says no more)', async () => {
    vi.spyOn(account, 'create').mockResolvedValue({} as never);
    vi.spyOn(account, 'createEmailSession').mockRejectedValue(
      new AppwriteException('Invalid credentials.', 401, 'user_invalid_credentials'),
    );
    const { user, store } = renderPage(<SignupPage />, { path: '/signup' });
    await user.type(screen.getByLabelText('Name'), 'Sara');
    await user.type(screen.getByLabelText('Email'), 's@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText(
        'Please check your e-mail: we have sent a message about this address.',
      ),
    ).toBeInTheDocument();
    expect(store.getState().auth.status).toBe(false);
  });
});
