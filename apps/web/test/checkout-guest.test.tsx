import { PK_CITIES } from '@courtside/shop';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutPage } from '../src/features/checkout/CheckoutPage';
import { account, client, databases } from '../src/lib/appwrite';
import { accountOf, kd, kobe, orderOf, storeWith } from './account-fixtures';
import { renderPage } from './render';
import { mockShopCalls } from './shop-calls';

const guestAccount = {
  $id: 'g1',
  name: '',
  email: '',
  phone: '',
  labels: [],
  prefs: {},
};

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(account, 'getPrefs').mockResolvedValue({});
  vi.spyOn(account, 'updatePrefs').mockResolvedValue(accountOf(guestAccount) as never);
  vi.spyOn(client, 'subscribe').mockReturnValue(() => {});
  // The shop's charges at their defaults (Rs.250 delivery below Rs.10,000, Rs.500 for COD).
  mockShopCalls({});
});

function renderGuestCheckout() {
  return renderPage(<CheckoutPage />, { path: '/checkout', store: storeWith(null, [kobe, kd]) });
}

describe('guest checkout (no account)', () => {
  it('shows the delivery details form, required fields marked for assistive technology', () => {
    renderGuestCheckout();
    expect(screen.getByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    expect(screen.queryByText('Billing details')).toBeNull();
    for (const label of ['First Name *', 'Mobile number *', 'Address *', 'City *']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    for (const label of ['Last Name', 'Email (optional)']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-required');
    }
    // Cash on delivery is chosen for a guest; signing in stays one link away, back to checkout.
    expect(screen.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcheckout',
    );
  });

  it("offers Pakistan's cities as the city is typed, and takes a town not on the list", async () => {
    const create = vi
      .spyOn(databases, 'createDocument')
      .mockImplementation(async (_db, _col, id, data) =>
        orderOf({ ...(data as object), $id: id, order_status: 'pending' }),
      );
    vi.spyOn(account, 'createAnonymousSession').mockResolvedValue({} as never);
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(guestAccount) as never);
    const { user } = renderGuestCheckout();
    const city = screen.getByLabelText('City *');
    const list = document.getElementById(city.getAttribute('list')!)!;
    const offered = [...list.querySelectorAll('option')].map((o) => o.value);
    expect(offered).toEqual([...PK_CITIES]);
    expect(offered).toEqual(expect.arrayContaining(['Karachi', 'Lahore', 'Peshawar', 'Quetta']));
    await user.type(screen.getByLabelText('First Name *'), 'Hamza');
    await user.type(screen.getByLabelText('Mobile number *'), '0301 2345678');
    await user.type(screen.getByLabelText('Address *'), 'House 4, Street 9');
    await user.type(city, 'Chak 123 GB');
    await user.click(screen.getByRole('button', { name: /Place Order/ }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![3]).toMatchObject({ city: 'Chak 123 GB' });
  });

  it('signs the guest in with a guest session, then places the COD order with the number and no e-mail', async () => {
    const calls: string[] = [];
    vi.spyOn(account, 'createAnonymousSession').mockImplementation(async () => {
      calls.push('guest session');
      return {} as never;
    });
    vi.spyOn(account, 'get').mockResolvedValue(accountOf(guestAccount) as never);
    const create = vi
      .spyOn(databases, 'createDocument')
      .mockImplementation(async (_db, _col, id, data) => {
        calls.push('order');
        return orderOf({ ...(data as object), $id: id, order_status: 'pending' });
      });
    const { user, router, store } = renderGuestCheckout();
    await user.type(screen.getByLabelText('First Name *'), 'Hamza');
    await user.type(screen.getByLabelText('Mobile number *'), '0301 2345678');
    await user.type(screen.getByLabelText('Address *'), 'House 4, Street 9');
    await user.type(screen.getByLabelText('City *'), 'Multan');
    await user.click(screen.getByRole('button', { name: /Place Order/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thanks-for-shopping'));
    expect(calls).toEqual(['guest session', 'order']);
    const data = create.mock.calls[0]![3] as Record<string, unknown>;
    expect(data).toMatchObject({
      user_id: 'g1',
      phone: '+923012345678',
      payment_type: 'COD',
      city: 'Multan',
    });
    expect(data).not.toHaveProperty('email');
    expect(store.getState().auth).toMatchObject({ status: true });
  });

  it('does not make a guest session while the form has mistakes', async () => {
    const guest = vi.spyOn(account, 'createAnonymousSession');
    const { user } = renderGuestCheckout();
    await user.type(screen.getByLabelText('Mobile number *'), '12345');
    await user.type(screen.getByLabelText('Email (optional)'), 'ali@');
    await user.click(screen.getByRole('button', { name: /Place Order/ }));
    expect(await screen.findByText('Email address must be a valid address')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number *')).toHaveAttribute('aria-invalid', 'true');
    expect(guest).not.toHaveBeenCalled();
  });
});
