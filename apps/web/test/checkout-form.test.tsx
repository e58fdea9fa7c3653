import { PHONE_MESSAGE, DEFAULT_FACTS } from '@courtside/shop';
import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutPage } from '../src/features/checkout/CheckoutPage';
import { ordersApi } from '../src/entities/order/orders-api';
import { account, databases } from '../src/lib/appwrite';
import { customer, kd, kobe, orderOf, storeWith } from './account-fixtures';
import { fillRequired, placeOrder, renderCheckout, stubCheckoutCalls } from './checkout-page';
import { renderPage } from './render';
import { CHARGES_ANSWER, mockShopCalls } from './shop-calls';

stubCheckoutCalls();

describe('checkout form validation', () => {
  it('requires first name, address, city and phone, with red borders, before calling the server', async () => {
    const create = vi.spyOn(databases, 'createDocument');
    const { user } = renderCheckout();
    await user.clear(screen.getByLabelText('First Name *'));
    await user.clear(screen.getByLabelText('Email (optional)'));
    await user.click(placeOrder());
    // The form checks its fields asynchronously: on a busy machine after the click has returned.
    await waitFor(() =>
      expect(screen.getByLabelText('First Name *')).toHaveAttribute('aria-invalid', 'true'),
    );
    // Each message names its field as the label does.
    for (const label of ['First Name *', 'Address *', 'City *', 'Mobile number *']) {
      const message = `${label.replace(' *', '')} is required`;
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveClass('border-danger');
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    // Optional fields are not in error.
    for (const label of ['Last Name', 'Email (optional)', 'Apartment, area, landmark (optional)']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
      expect(screen.getByLabelText(label)).toHaveClass('border-line');
    }
    expect(create).not.toHaveBeenCalled();
  });

  it('uses telephone and e-mail input types', () => {
    renderCheckout();
    expect(screen.getByLabelText('Mobile number *')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Email (optional)')).toHaveAttribute('type', 'email');
  });

  it('refuses a number that is not a Pakistani mobile (D17)', async () => {
    const create = vi.spyOn(databases, 'createDocument');
    const { user } = renderCheckout();
    await fillRequired(user, '12345');
    await user.click(placeOrder());
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number *')).toHaveClass('border-danger');
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    const { user } = renderCheckout();
    await user.clear(screen.getByLabelText('Email (optional)'));
    await user.type(screen.getByLabelText('Email (optional)'), 'ali@');
    await user.click(placeOrder());
    expect(await screen.findByText('Email address must be a valid address')).toBeInTheDocument();
  });
});

describe('payment and summary', () => {
  it('defaults to Bank transfer with the payee, wallet accounts and screenshot instruction', async () => {
    renderCheckout();
    await screen.findByTestId('subtotal');
    expect(screen.getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    for (const a of DEFAULT_FACTS.accounts) {
      expect(screen.getByText(a.bank)).toBeInTheDocument();
      expect(screen.getAllByText(`Account title: ${a.payee}`).length).toBeGreaterThan(0);
    }
    expect(screen.getByText(/send a screenshot of the payment/)).toBeInTheDocument();
    // D2/D3: 25,000 (discounted Kobe) + 18,000; delivery free from Rs.10,000; no COD line.
    expect(screen.getByTestId('subtotal')).toHaveTextContent('SubtotalRs.43,000');
    expect(screen.getByTestId('delivery-charge')).toHaveTextContent('Delivery chargeFree');
    expect(screen.queryByTestId('cod-fee')).toBeNull();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,000');
  });

  it('adds the Rs.500 fee line and total when cash on delivery is chosen', async () => {
    const { user } = renderCheckout();
    await screen.findByTestId('subtotal');
    await user.click(screen.getByRole('radio', { name: /Cash on delivery/ }));
    expect(screen.getByTestId('cod-fee')).toHaveTextContent('Cash on delivery feeRs.500');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,500');
    expect(screen.getByText(/in cash when your shoes arrive/)).toHaveTextContent(
      'Pay Rs.43,500 in cash',
    );
    expect(screen.getByTestId('subtotal')).toHaveTextContent('Rs.43,000');
  });

  it("takes the owner's fee: a different one, or none at all", async () => {
    mockShopCalls({ charges: { ...CHARGES_ANSWER, cod_fee: 300 } });
    const { user } = renderCheckout();
    await screen.findByTestId('subtotal');
    const cod = screen.getByRole('radio', { name: /Cash on delivery/ });
    await waitFor(() => expect(cod.closest('label')).toHaveTextContent('+Rs.300'));
    await user.click(cod);
    expect(screen.getByTestId('cod-fee')).toHaveTextContent('Cash on delivery feeRs.300');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,300');
    expect(screen.getByText(/in cash when your shoes arrive/)).toHaveTextContent(
      'Cash on delivery adds a Rs.300 fee.',
    );
  });

  it('says cash on delivery is free when the owner sets no fee', async () => {
    mockShopCalls({ charges: { ...CHARGES_ANSWER, cod_fee: 0 } });
    const { user } = renderCheckout();
    await screen.findByTestId('subtotal');
    await user.click(screen.getByRole('radio', { name: /Cash on delivery/ }));
    expect(await screen.findByText(/No fee for cash on delivery/)).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,000');
    expect(screen.queryByTestId('cod-fee')).toBeNull();
  });
});

describe('the delivery charge', () => {
  it('is a line of the summary and in the total sent below the free-delivery threshold', async () => {
    mockShopCalls({ charges: { ...CHARGES_ANSWER, free_delivery_from: 50_000 } });
    const create = vi
      .spyOn(databases, 'createDocument')
      .mockImplementation(async (_db, _col, id, data) =>
        orderOf({ ...(data as object), $id: id, order_status: 'pending' }),
      );
    const { user } = renderCheckout();
    expect(await screen.findByTestId('delivery-charge')).toHaveTextContent('Delivery chargeRs.250');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,250');
    expect(screen.getByTestId('charges-note')).toHaveTextContent(
      'Delivery Rs.250 (free from Rs.50,000: Rs.7,000 more) · Cash on delivery +Rs.500',
    );
    await user.click(screen.getByRole('radio', { name: /Cash on delivery/ }));
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,750');
    await fillRequired(user, '03001234567');
    await user.click(placeOrder());
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![3]).toMatchObject({ price: 43_750, payment_type: 'COD' });
  });
});

describe('placing the order', () => {
  it("brings the customer's orders and the ordered pairs up to date (the cache is told what changed)", async () => {
    vi.spyOn(databases, 'createDocument').mockImplementation(async (_db, _col, id, data) =>
      orderOf({ ...(data as object), $id: id, order_status: 'pending' }),
    );
    const list = vi
      .spyOn(databases, 'listDocuments')
      .mockResolvedValue({ total: 0, documents: [] } as never);
    const { user, store, router } = renderCheckout();
    // My Orders and the product page were read earlier, and stay open in another tab's cache.
    const orders = store.dispatch(ordersApi.endpoints.myOrders.initiate('u1'));
    await orders;
    expect(list).toHaveBeenCalledTimes(1);
    await fillRequired(user, '0300-1234567');
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/thanks-for-shopping'));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    orders.unsubscribe();
  });

  it('creates the order, saves the address, empties the cart and shows the confirmation', async () => {
    const create = vi
      .spyOn(databases, 'createDocument')
      .mockImplementation(async (_db, _col, id, data) =>
        orderOf({ ...(data as object), $id: id, order_status: 'pending' }),
      );
    const { user, store, router } = renderCheckout();
    await fillRequired(user, '0300-1234567');
    await user.click(screen.getByRole('radio', { name: /Cash on delivery/ }));
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/thanks-for-shopping'));

    const [db, col, id, data] = create.mock.calls[0]!;
    expect([db, col]).toEqual(['shop', 'orders']);
    expect(id).toMatch(/^[0-9a-f]{6}$/);
    expect(data).toEqual({
      user_id: 'u1',
      order_number: id,
      User_name: 'Ali Raza',
      address: '12 Mall Road city: Lahore',
      street: '12 Mall Road',
      city: 'Lahore',
      etcaddress: '',
      phone: '+923001234567',
      email: 'ali@example.com',
      price: 43500,
      payment_type: 'COD',
      order_status: 'pending',
      products: [expect.any(String)],
    });
    const lines = JSON.parse((data as { products: string[] }).products[0]!) as unknown[];
    expect(lines).toMatchObject([
      { $id: kobe.$id, quantity: 1 },
      { $id: kd.$id, quantity: 1 },
    ]);
    expect(router.state.location.state).toMatchObject({
      order: { order_number: id, price: 43500 },
    });
    // The order is named in the address too, so a reload can read it back.
    expect(router.state.location.search).toBe(`?order=${id}`);
    expect(store.getState().cart.items).toEqual([]);
    await waitFor(() =>
      expect(account.updatePrefs).toHaveBeenCalledWith({
        address: {
          firstname: 'Ali',
          lastname: 'Raza',
          address: '12 Mall Road',
          etcaddress: '',
          city: 'Lahore',
          phone: '+923001234567',
        },
      }),
    );
  });

  it("shows the server's message, clears the loading state and keeps the cart (D9)", async () => {
    let refuse: (e: Error) => void = () => {};
    vi.spyOn(databases, 'createDocument').mockImplementation(
      () => new Promise((_resolve, reject) => (refuse = reject)),
    );
    const { user, store, router } = renderCheckout();
    await fillRequired(user, '03001234567');
    await user.click(placeOrder());
    expect(await screen.findByRole('button', { name: /Placing your order/ })).toBeDisabled();
    refuse(
      new AppwriteException('Prices changed, please review your cart', 409, 'shop_price_changed'),
    );
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Prices changed, please review your cart'));
    expect(within(alert).getByRole('link', { name: 'Review your cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(placeOrder()).toBeEnabled();
    expect(placeOrder()).not.toHaveAttribute('aria-busy');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(store.getState().cart.items).toHaveLength(2);
    expect(account.updatePrefs).not.toHaveBeenCalled();
  });

  it('brings the cart up to date after a price change, so the next try can succeed (D9)', async () => {
    vi.spyOn(databases, 'createDocument').mockRejectedValue(
      new AppwriteException('Prices changed, please review your cart', 409, 'shop_price_changed'),
    );
    const list = vi.spyOn(databases, 'listDocuments').mockResolvedValue({
      total: 2,
      documents: [{ ...kobe, disc_price: 27000 }, kd],
    } as never);
    const { user, store } = renderCheckout();
    await fillRequired(user, '03001234567');
    await user.click(placeOrder());
    expect(await screen.findByText(/the price is now Rs\.27,000/)).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
    const kobeLine = store.getState().cart.items.find((l) => l.$id === kobe.$id);
    expect(kobeLine?.disc_price).toBe(27000);
    expect(screen.getByText('Total').parentElement).toHaveTextContent('Rs.45,000');
  });

  it('asks to log in again when the session has ended', async () => {
    vi.spyOn(databases, 'createDocument').mockRejectedValue(
      new AppwriteException(
        'User (role: guests) missing scope (documents.write)',
        401,
        'general_unauthorized_scope',
      ),
    );
    const { user } = renderCheckout();
    await fillRequired(user, '03001234567');
    await user.click(placeOrder());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your session has ended. Please sign in again');
    expect(within(alert).getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

describe('checkout entry', () => {
  it('pre-fills the address saved in the account (D10)', () => {
    const saved = {
      ...customer,
      prefs: {
        address: {
          firstname: 'Sana',
          lastname: 'Khan',
          address: '7 Canal View',
          etcaddress: 'Near the mosque',
          city: 'Karachi',
          phone: '+923331234567',
        },
      },
    };
    renderCheckout(saved);
    expect(screen.getByLabelText('First Name *')).toHaveValue('Sana');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Khan');
    expect(screen.getByLabelText('Address *')).toHaveValue('7 Canal View');
    expect(screen.getByLabelText('Apartment, area, landmark (optional)')).toHaveValue(
      'Near the mosque',
    );
    expect(screen.getByLabelText('City *')).toHaveValue('Karachi');
    // Shown the way people write it; the form stores it normalised again (D17).
    expect(screen.getByLabelText('Mobile number *')).toHaveValue('0333 1234567');
    expect(screen.getByLabelText('Email (optional)')).toHaveValue('ali@example.com');
  });

  it('says the cart is empty when there is nothing to buy', () => {
    renderPage(<CheckoutPage />, { path: '/checkout', store: storeWith(customer) });
    expect(screen.getByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
  });
});
