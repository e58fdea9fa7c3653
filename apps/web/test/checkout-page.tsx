import { screen } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import { CheckoutPage } from '../src/features/checkout/CheckoutPage';
import { account, client } from '../src/lib/appwrite';
import { accountOf, customer, kd, kobe, storeWith } from './account-fixtures';
import { renderPage } from './render';
import { mockShopCalls } from './shop-calls';

/**
 * The checkout page's tests' common ground: before each test the account and realtime calls
 * stubbed and the shop's charges at their defaults (Rs.250 delivery below Rs.10,000, Rs.500 for
 * COD); the page rendered for a customer with two pairs in the cart; the required fields filled.
 */
export function stubCheckoutCalls(): void {
  beforeEach(() => {
    vi.restoreAllMocks();
    vi.spyOn(account, 'getPrefs').mockResolvedValue({});
    vi.spyOn(account, 'updatePrefs').mockResolvedValue(accountOf(customer) as never);
    // My Orders keeps itself live through realtime: no socket in these tests.
    vi.spyOn(client, 'subscribe').mockReturnValue(() => {});
    mockShopCalls({});
  });
}

export const placeOrder = () => screen.getByRole('button', { name: /Place Order/ });

export function renderCheckout(user = customer) {
  const store = storeWith(user, [kobe, kd]);
  return renderPage(<CheckoutPage />, { path: '/checkout', store });
}

export async function fillRequired(user: ReturnType<typeof renderCheckout>['user'], phone: string) {
  await user.type(screen.getByLabelText('Address *'), '12 Mall Road');
  await user.type(screen.getByLabelText('City *'), 'Lahore');
  await user.type(screen.getByLabelText('Mobile number *'), phone);
}
