import { Link } from 'react-router';
import { paths } from '../../config/routes';
import { errorText } from '../../lib/errors';

/** The server's refusal in words the customer can act on (D9). */
export function checkoutMessage(error: unknown): { message: string; signedOut: boolean } {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 401) {
    return {
      message: 'Your session has ended. Please sign in again to place your order.',
      signedOut: true,
    };
  }
  return { message: errorText(error), signedOut: false };
}

export function CheckoutError({
  failure,
}: {
  failure: { message: string; signedOut: boolean } | null;
}) {
  return (
    <div role="alert" aria-live="assertive">
      {failure && (
        <div className="mt-4 rounded-xl border border-danger/30 bg-red-50 p-3 text-sm text-danger">
          <p className="font-semibold">{failure.message}</p>
          <Link
            to={failure.signedOut ? paths.login : paths.cart}
            className="mt-1 inline-block font-semibold underline"
          >
            {failure.signedOut ? 'Sign in again' : 'Review your cart'}
          </Link>
        </div>
      )}
    </div>
  );
}

/** What checkout says when the cart has emptied under it (the last pair sold to someone else). */
export function EmptiedCart({ gone }: { gone: readonly string[] }) {
  const what =
    gone.length === 1 ? `${gone[0]} has` : gone.length > 1 ? 'The pairs in your cart have' : '';
  return (
    <div
      role="alert"
      className="rounded-xl border border-danger/30 bg-red-50 p-4 text-sm text-danger"
    >
      <p className="font-semibold">
        {what
          ? `Sorry, ${what} just sold out, so your cart is now empty.`
          : 'Your cart is now empty.'}
      </p>
      <Link to={paths.home} className="mt-2 inline-block font-semibold underline">
        Find another pair
      </Link>
    </div>
  );
}
