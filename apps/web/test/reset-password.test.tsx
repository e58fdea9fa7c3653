import { screen, waitFor } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/LoginPage';
import { ResetPasswordPage } from '../src/features/auth/ResetPasswordPage';
import { account } from '../src/lib/appwrite';
import { renderPage } from './render';

beforeEach(() => vi.restoreAllMocks());

const LINK = '/reset-password?userId=u1&secret=abc123&expire=2026-01-01T00%3A00%3A00.000%2B00%3A00';

describe('"Forgot password?" on /login', () => {
  it('leads to the reset page with the e-mail already typed', async () => {
    const { user, router } = renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ali@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.state).toEqual({ email: 'ali@example.com' });
  });
});

describe('asking for a reset link', () => {
  it('checks the e-mail, then sends the link back to this page', async () => {
    const call = vi.spyOn(account, 'createRecovery').mockResolvedValue({} as never);
    const { user } = renderPage(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ali@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email address must be a valid address')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ali@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(
      'ali@example.com',
      `${window.location.origin}/reset-password`,
    );
  });

  it('answers the same for an unknown address, and shows other failures', async () => {
    const call = vi
      .spyOn(account, 'createRecovery')
      .mockRejectedValueOnce(new AppwriteException('User not found', 404, 'user_not_found'))
      .mockRejectedValueOnce(
        new AppwriteException('Rate limit exceeded.', 429, 'general_rate_limit_exceeded'),
      );
    const { user } = renderPage(<ResetPasswordPage />, { path: '/reset-password' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account uses/)).toHaveTextContent('nobody@example.com');

    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many tries in a short time. Please wait a few minutes and try again.',
    );
    expect(call).toHaveBeenCalledTimes(2);
  });
});

describe('choosing the new password from the e-mail link', () => {
  it('needs the same password twice, then completes the recovery', async () => {
    const call = vi.spyOn(account, 'updateRecovery').mockResolvedValue({} as never);
    const { user } = renderPage(<ResetPasswordPage />, { path: '/reset-password', url: LINK });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please type the new password again')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('New password again'), 'new password 2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('u1', 'abc123', 'new password 1', 'new password 1');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says when the link is spent and offers a new one', async () => {
    vi.spyOn(account, 'updateRecovery').mockRejectedValue(
      new AppwriteException('Invalid token passed in the request.', 401, 'user_invalid_token'),
    );
    const { user, router } = renderPage(<ResetPasswordPage />, {
      path: '/reset-password',
      url: LINK,
    });
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('New password again'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or was already used. Ask for a new one.',
    );
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});
