import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/routes';
import { PageHeading } from './AccountLayout';
import { errorText } from '../../lib/errors';
import { useConfirmVerificationMutation } from '../../entities/session/account-api';
import { usePageTitle } from '../../lib/page-title';

/** Where the verification e-mail's link lands: it confirms the address, signed in or not. */
export function VerifyEmailPage() {
  usePageTitle('Verify your e-mail');
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const secret = params.get('secret') ?? '';
  const [confirm, { isSuccess, error }] = useConfirmVerificationMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !userId || !secret) return;
    sent.current = true;
    void confirm({ userId, secret });
  }, [confirm, userId, secret]);

  const broken = !userId || !secret;
  return (
    <section className="rounded-card border border-line bg-card p-6 shadow-sm sm:p-8">
      <PageHeading>Verify your e-mail</PageHeading>
      <div className="mt-4 text-sm" role={error || broken ? 'alert' : 'status'}>
        {broken ? (
          <p>This link is incomplete. Send a new one from My Account.</p>
        ) : isSuccess ? (
          <p className="font-semibold text-success">Your e-mail address is verified. Thank you!</p>
        ) : error ? (
          <p className="text-danger">
            {errorText(error)} The link may have expired or been used: send a new one from My
            Account.
          </p>
        ) : (
          <Spinner label="Verifying your e-mail" />
        )}
      </div>
      <Link
        to={paths.myAccount}
        className="mt-5 inline-flex min-h-11 items-center rounded-full bg-ink px-5 text-sm font-semibold text-white"
      >
        Go to My Account
      </Link>
    </section>
  );
}
