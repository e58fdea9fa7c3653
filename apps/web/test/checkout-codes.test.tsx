import { CODE_MESSAGES, codeExpiredMessage } from '@courtside/shop';
import { screen, waitFor } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { describe, expect, it, vi } from 'vitest';
import { databases } from '../src/lib/appwrite';
import { orderOf } from './account-fixtures';
import { fillRequired, placeOrder, renderCheckout, stubCheckoutCalls } from './checkout-page';
import { mockShopCalls } from './shop-calls';

stubCheckoutCalls();

describe('the welcome code', () => {
  it('takes 10% off the pairs in the summary and sends the code with the discounted total', async () => {
    const create = vi
      .spyOn(databases, 'createDocument')
      .mockImplementation(async (_db, _col, id, data) =>
        orderOf({ ...(data as object), $id: id, order_status: 'pending' }),
      );
    const { user, router } = renderCheckout();
    await fillRequired(user, '03001234567');
    const box = screen.getByLabelText('Discount code');
    await user.type(box, 'welcome 10%');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/does not look right/)).toBeInTheDocument();
    expect(screen.queryByTestId('discount')).toBeNull();

    await user.clear(box);
    const check = mockShopCalls({ code: { code: 'CS10-ABCDEFGH', percent: 10 } });
    await user.type(box, 'cs10-abcd efgh{Enter}');
    // Enter applies the code; it never places the order.
    expect(create).not.toHaveBeenCalled();
    expect(await screen.findByText('CS10-ABCDEFGH')).toBeInTheDocument();
    expect(screen.getByTestId('discount')).toHaveTextContent('-Rs.4,300');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.38,700');
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/thanks-for-shopping'));
    expect(create.mock.calls[0]![3]).toMatchObject({ code: 'CS10-ABCDEFGH', price: 38_700 });
    expect(check.mock.calls.map((c) => String(c[1]))).toContainEqual(
      expect.stringMatching(/\/v1\/shop\/codes\/CS10-ABCDEFGH$/),
    );
  });

  it('asks the server at Apply: a made-up code is refused there and nothing is deducted', async () => {
    const create = vi.spyOn(databases, 'createDocument');
    mockShopCalls({
      code: new AppwriteException(CODE_MESSAGES.unknown, 400, 'shop_code_invalid'),
    });
    const { user } = renderCheckout();
    await user.type(screen.getByLabelText('Discount code'), 'CS10-ZZZZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(CODE_MESSAGES.unknown)).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/% off your pairs/)).toBeNull();
    expect(screen.queryByTestId('discount')).toBeNull();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,000');
    expect(create).not.toHaveBeenCalled();
  });

  it('says the day an expired code expired, at Apply, and deducts nothing', async () => {
    mockShopCalls({
      code: new AppwriteException(
        codeExpiredMessage('2026-10-31T12:00:00.000+00:00'),
        400,
        'shop_code_invalid',
      ),
    });
    const { user } = renderCheckout();
    await user.type(screen.getByLabelText('Discount code'), 'CS10-ABCDEFGH');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code expired on 31 Oct 2026')).toBeInTheDocument();
    expect(screen.queryByTestId('discount')).toBeNull();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,000');
  });

  it('says why the server refused a code beside it, and takes the discount off again', async () => {
    vi.spyOn(databases, 'createDocument').mockRejectedValue(
      new AppwriteException('This code has already been used', 400, 'shop_code_invalid'),
    );
    const { user, store } = renderCheckout();
    await fillRequired(user, '03001234567');
    mockShopCalls({ code: { code: 'CS10-ABCDEFGH', percent: 10 } });
    await user.type(screen.getByLabelText('Discount code'), 'CS10-ABCDEFGH');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByTestId('discount');
    await user.click(placeOrder());
    expect(await screen.findByText('This code has already been used')).toBeInTheDocument();
    // The total changed: the buyer is taken to the reason, wherever they were looking.
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Discount code')).toHaveFocus());
    expect(screen.queryByTestId('discount')).toBeNull();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,000');
    expect(screen.queryByRole('link', { name: 'Review your cart' })).toBeNull();
    expect(store.getState().cart.items).toHaveLength(2);
  });
});

describe("the owner's codes in the code box", () => {
  const offer = (over: Record<string, unknown>) => ({
    code: 'EID15',
    percent: null,
    amount: null,
    minOrder: 0,
    products: [],
    brands: [],
    firstOrder: false,
    ...over,
  });

  it('takes rupees off and says so, names and all', async () => {
    mockShopCalls({ code: offer({ code: 'EID500', amount: 500 }) });
    const { user } = renderCheckout();
    await user.type(screen.getByLabelText('Discount code'), 'eid500{Enter}');
    expect(await screen.findByText(/Rs\.500 off your pairs/)).toBeInTheDocument();
    expect(screen.getByTestId('discount')).toHaveTextContent('Discount code EID500 (Rs.500 off)');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.42,500');
  });

  it('refuses, before Place Order, a code for pairs the cart does not hold or below its minimum', async () => {
    mockShopCalls({ code: offer({ code: 'JORDAN10', percent: 10, brands: ['jordan'] }) });
    const { user } = renderCheckout();
    const box = screen.getByLabelText('Discount code');
    await user.type(box, 'JORDAN10{Enter}');
    expect(
      await screen.findByText('This code is for Jordan pairs only: none of them is in your cart'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('discount')).toBeNull();
    await user.clear(box);
    mockShopCalls({ code: offer({ code: 'BIG15', percent: 15, minOrder: 50_000 }) });
    await user.type(box, 'BIG15{Enter}');
    expect(
      await screen.findByText('This code needs an order of Rs.50,000 or more: add Rs.7,000 more'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs.43,000');
  });
});
