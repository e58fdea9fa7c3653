import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPakistaniMobile,
  formatRs,
  orderTotal,
  savedAddressOf,
  SHOP_ERROR_TYPES,
  type CartLine,
  type PaymentType,
  type ShopUser,
} from '@courtside/shop';
import {
  checkoutSchema,
  type CheckoutInput,
  type CheckoutValues,
} from '@courtside/shop/validation';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector, useAuth } from '../../entities/hooks';
import { Button } from '../../components/ui/Button';
import { paths, withNext } from '../../config/routes';
import { usePlaceOrderMutation } from '../../entities/order/orders-api';
import { useSaveAddressMutation } from '../../entities/session/account-api';
import { getCurrentUser, SIGNED_IN_BUT_NO_ACCOUNT } from '../../entities/session/auth-service';
import { login } from '../../entities/session/auth-slice';
import { useGuestSessionMutation } from '../../entities/session/session-api';
import { CartChanges } from '../../entities/cart/CartChanges';
import { resetCart, selectCartLines } from '../../entities/cart/cart-slice';
import { useCartRefresh } from '../../entities/cart/use-cart-refresh';
import { useChargesQuery } from '../../entities/shop/charges-api';
import { CheckoutError, checkoutMessage, EmptiedCart } from './CheckoutError';
import { useCodVerdict } from './cod-check-api';
import { DiscountCode } from './DiscountCode';
import type { CheckedCode } from './code-check-api';
import { DeliveryDetails } from './DeliveryDetails';
import { OrderSummary } from './OrderSummary';
import { PaymentOptions } from './PaymentOptions';
import { addressOf, placedOf, thanksPath, type PlacedOrder } from './place-order';
import { usePageTitle } from '../../lib/page-title';

/** A guest's form starts empty, cash on delivery chosen (most of the shop's orders are). */
const GUEST_DEFAULTS: CheckoutInput = {
  firstname: '',
  lastname: '',
  address: '',
  etcaddress: '',
  city: '',
  phone: '',
  email: '',
  payment: 'COD',
};

/** The form's first values: the saved address (D10), else what the account knows. */
export function checkoutDefaults(user: ShopUser | null): CheckoutInput {
  if (!user) return GUEST_DEFAULTS;
  const saved = savedAddressOf(user.prefs);
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return {
    firstname: saved?.firstname || first,
    lastname: saved?.lastname || rest.join(' '),
    address: saved?.address ?? '',
    etcaddress: saved?.etcaddress ?? '',
    city: saved?.city ?? '',
    phone: formatPakistaniMobile(saved?.phone || user.phone),
    email: user.email,
    payment: 'Bank',
  };
}

export function CheckoutPage() {
  usePageTitle('Checkout');
  const { userData } = useAuth();
  const lines = useAppSelector(selectCartLines);
  const [placed, setPlaced] = useState(false);
  // Once the form is open it stays, even if a refusal's cart check empties the cart: the
  // customer must still read why (the pair sold out) and find the way back to the shop.
  const [opened] = useState(lines.length > 0);
  if (lines.length === 0 && !placed && !opened) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-black">Your Cart is Empty</h1>
        <Link to={paths.home} className="mt-4 inline-block font-semibold text-court-dark underline">
          Go To Shopping
        </Link>
      </section>
    );
  }
  return <CheckoutForm user={userData} onPlaced={() => setPlaced(true)} />;
}

/** A guest needs no account; one who has an account signs in and comes back here. */
function GuestNote() {
  return (
    <p className="mt-2 text-sm text-ink-soft">
      No account needed: we call your number to confirm.{' '}
      <Link
        to={withNext(paths.login, paths.checkout)}
        className="font-semibold text-court-dark underline"
      >
        Sign in
      </Link>{' '}
      to see your saved address and orders.
    </p>
  );
}

/**
 * Who places the order: the signed-in account, or, for a guest, a guest session made now
 * (docs/shop.md §2), stored as the signed-in user so My Orders and the confirmation can read it.
 */
function useBuyer(user: ShopUser | null) {
  const dispatch = useAppDispatch();
  const [guestSession] = useGuestSessionMutation();
  return async (): Promise<string> => {
    if (user) return user.$id;
    await guestSession().unwrap();
    const guest = await getCurrentUser();
    if (!guest) throw new Error(SIGNED_IN_BUT_NO_ACCOUNT);
    dispatch(login(guest));
    return guest.$id;
  };
}

/**
 * Places the order priced with the shop's charges (the server prices it the same way), and says
 * its total; until the charges are in, the total is "…" and placing says to try again.
 */
function usePlace() {
  const [placeOrder] = usePlaceOrderMutation();
  const { data: charges } = useChargesQuery();
  const place = (args: Omit<Parameters<typeof placeOrder>[0], 'charges'>) => {
    if (!charges) throw new Error('The delivery charges have not arrived yet: please try again');
    return placeOrder({ ...args, charges }).unwrap();
  };
  const totalOf = (lines: readonly CartLine[], payment: PaymentType, code: CheckedCode | null) =>
    charges ? formatRs(orderTotal(lines, payment, code, charges)) : '…';
  /** What the buyer would pay in cash, once the charges are in. */
  const codTotal = (lines: readonly CartLine[], code: CheckedCode | null) =>
    charges ? orderTotal(lines, 'COD', code, charges) : null;
  return { place, totalOf, codTotal };
}

/**
 * Whether the owner's rules offer cash on delivery for the number, city and total the form holds
 * (asked as they change); when they do not, bank transfer is chosen in its place.
 */
function useCodOffer(
  form: Pick<UseFormReturn<CheckoutInput, unknown, CheckoutValues>, 'control' | 'setValue'>,
  total: number | null,
) {
  const { control, setValue } = form;
  const phone = useWatch({ control, name: 'phone' }) ?? '';
  const city = useWatch({ control, name: 'city' }) ?? '';
  const payment = useWatch({ control, name: 'payment' });
  const { verdict, refetch } = useCodVerdict(phone, city, total);
  const refused = verdict && !verdict.cod ? { rule: verdict.rule, message: verdict.message } : null;
  const off = refused !== null;
  useEffect(() => {
    if (off && payment === 'COD') setValue('payment', 'Bank');
  }, [off, payment, setValue]);
  return { refused, refetch };
}

function CheckoutForm({ user, onPlaced }: { user: ShopUser | null; onPlaced: () => void }) {
  const lines = useAppSelector(selectCartLines);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [saveAddress] = useSaveAddressMutation();
  const { place, totalOf, codTotal } = usePlace();
  const buyer = useBuyer(user);
  const [failure, setFailure] = useState<{ message: string; signedOut: boolean } | null>(null);
  const [code, setCode] = useState<CheckedCode | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The cart is checked when checkout opens (the shell does it); a refusal checks it again.
  const { changes, refresh } = useCartRefresh({ onMount: false });
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: checkoutDefaults(user),
  });
  const { register, handleSubmit, control, formState } = form;
  const payment = useWatch({ control, name: 'payment' }) ?? 'Bank';
  const cod = useCodOffer(form, codTotal(lines, code));
  const refused = async (error: unknown) => {
    setLoading(false);
    const type = (error as { type?: unknown } | null)?.type;
    // A code the server will not take: said beside the code, and its discount taken off.
    if (type === SHOP_ERROR_TYPES.invalidCode) {
      setCode(null);
      setCodeError(checkoutMessage(error).message);
      return;
    }
    setFailure(checkoutMessage(error));
    // The owner's rules changed since checkout asked: ask again, and COD greys out with them.
    if (type === SHOP_ERROR_TYPES.codRefused) void cod.refetch();
    // A changed price or a sold-out pair: bring the cart up to date so a second try can work.
    if (type === SHOP_ERROR_TYPES.priceChanged || type === SHOP_ERROR_TYPES.soldOut) {
      await refresh();
    }
  };
  const submit = async (values: CheckoutValues) => {
    setFailure(null);
    setCodeError(null);
    setLoading(true);
    try {
      const userId = await buyer();
      const order = await place({ userId, lines, values, code });
      // The address is a convenience for next time: failing to save it must not undo the order.
      void saveAddress(addressOf(values));
      const state: PlacedOrder = placedOf(order);
      onPlaced();
      dispatch(resetCart());
      // The id in the address lets a reload (or a shared link) read the order back.
      await navigate(thanksPath(order.$id), { replace: true, state: { order: state } });
    } catch (error) {
      await refused(error);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="py-2 sm:py-6">
      <h1 className="text-2xl font-black tracking-tight sm:text-3xl">Checkout</h1>
      {!user && <GuestNote />}
      {/* One column that never grows past the screen: long titles and numbers wrap inside it. */}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
        <DeliveryDetails register={register} errors={formState.errors} />
        <div className="min-w-0 rounded-card border border-line bg-card p-5 shadow-sm sm:p-6 lg:sticky lg:top-20">
          {lines.length > 0 ? (
            <>
              <ChargedSummary lines={lines} payment={payment} code={code} />
              <DiscountCode
                lines={lines}
                applied={code}
                error={codeError}
                onChange={(next) => {
                  setCodeError(null);
                  setCode(next);
                }}
              />
              <PaymentOptions
                field={register('payment')}
                payment={payment}
                total={totalOf(lines, payment, code)}
                codRefused={cod.refused}
              />
              <CheckoutError failure={failure} />
              <div className={changes.length > 0 ? 'mt-3' : undefined}>
                <CartChanges changes={changes} />
              </div>
              <Button type="submit" variant="secondary" loading={loading} className="mt-4 w-full">
                {loading ? 'Placing your order…' : 'Place Order'}
              </Button>
            </>
          ) : (
            // The last pair went to someone else while this customer was here: one message, and
            // no Rs.0 order to look at.
            <EmptiedCart gone={changes.map((c) => c.title)} />
          )}
        </div>
      </div>
    </form>
  );
}

/** The summary once the shop's charges are in; until then its place, or why they did not come. */
function ChargedSummary(props: {
  lines: readonly CartLine[];
  payment: PaymentType;
  code: CheckedCode | null;
}) {
  const { data: charges, isError, refetch } = useChargesQuery();
  if (charges) return <OrderSummary {...props} charges={charges} />;
  if (!isError)
    return <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />;
  return (
    <p role="alert" className="text-sm text-danger">
      The delivery charges did not load.{' '}
      <button type="button" onClick={() => void refetch()} className="font-semibold underline">
        Retry
      </button>
    </p>
  );
}
