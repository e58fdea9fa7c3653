import { COD_CHECK_PATH } from '@courtside/shop';
import { screen, waitFor } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { describe, expect, it, vi } from 'vitest';
import { databases } from '../src/lib/appwrite';
import { fillRequired, placeOrder, renderCheckout, stubCheckoutCalls } from './checkout-page';
import { CHARGES_ANSWER, mockShopCalls } from './shop-calls';

stubCheckoutCalls();

const REFUSED = {
  cod: false,
  rule: 'number',
  message:
    'Cash on delivery is not available for this mobile number. Please pay in advance by bank transfer, or WhatsApp us at 0300 1234567.',
};

const codRadio = () => screen.getByRole('radio', { name: /Cash on delivery/ });
const bankRadio = () => screen.getByRole('radio', { name: /Bank transfer/ });

describe('cash on delivery under the owner’s rules', () => {
  it('asks the server with the number, city and COD total, and greys COD out with its reason', async () => {
    const calls = mockShopCalls({ cod: REFUSED });
    const { user } = renderCheckout();
    await screen.findByTestId('subtotal');
    await user.click(codRadio());
    await user.clear(screen.getByLabelText('Mobile number *'));
    await fillRequired(user, '0333 1000001');
    await waitFor(() => expect(codRadio()).toBeDisabled());
    expect(bankRadio()).toBeChecked();
    expect(screen.getByText(REFUSED.message)).toBeInTheDocument();
    const asked = calls.mock.calls
      .map(([, url]) => new URL(String(url)))
      .filter((u) => u.pathname.endsWith(COD_CHECK_PATH))
      .at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      phone: '+923331000001',
      city: 'Lahore',
      // Rs.43,000 of pairs, free delivery, the Rs.500 COD fee.
      total: '43500',
    });
  });

  it('keeps COD offered when the server offers it, and says the owner’s limit and cities', async () => {
    mockShopCalls({
      charges: { ...CHARGES_ANSWER, cod_max_value: 50_000, cod_cities: ['Lahore', 'Karachi'] },
    });
    const { user } = renderCheckout();
    await screen.findByTestId('subtotal');
    await fillRequired(user, '0333 1000002');
    await user.click(codRadio());
    expect(codRadio()).toBeChecked();
    expect(
      await screen.findByText(
        /Cash on delivery is offered for orders up to Rs.50,000 and in Lahore, Karachi\./,
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal at Place Order (a rule changed meanwhile) and asks again', async () => {
    let answer: unknown = { cod: true };
    const calls = mockShopCalls({});
    calls.mockImplementation(async (_m, url) => {
      const path = String(url);
      if (path.includes(COD_CHECK_PATH)) return answer;
      if (path.includes('/shop/charges')) return CHARGES_ANSWER;
      return { pairs: 3 };
    });
    vi.spyOn(databases, 'createDocument').mockImplementation(async () => {
      answer = REFUSED;
      throw new AppwriteException(REFUSED.message, 409, 'shop_cod_refused', '');
    });
    const { user } = renderCheckout();
    await screen.findByTestId('subtotal');
    await user.clear(screen.getByLabelText('Mobile number *'));
    await fillRequired(user, '0333 1000003');
    await user.click(codRadio());
    await user.click(placeOrder());
    await screen.findAllByText(REFUSED.message);
    await waitFor(() => expect(codRadio()).toBeDisabled());
    expect(bankRadio()).toBeChecked();
    expect(screen.getAllByText(REFUSED.message).length).toBeGreaterThanOrEqual(1);
  });
});
