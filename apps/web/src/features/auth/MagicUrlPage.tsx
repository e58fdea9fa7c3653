import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAuth } from '../../entities/hooks';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/routes';
import { errorText } from '../../lib/errors';
import { getCurrentUser, SIGNED_IN_BUT_NO_ACCOUNT } from '../../entities/session/auth-service';
import { useMagicUrlSignInMutation } from '../../entities/session/session-api';
import { login } from '../../entities/session/auth-slice';
import { usePageTitle } from '../../lib/page-title';
import { landingOf } from './use-sign-in';

/** Where the sign-in e-mail's link lands (the server's default: WEB_URL/auth/magic-url). */
export const MAGIC_URL_PATH = '/auth/magic-url';

/**
 * /auth/magic-url?userId=…&secret=…: signs in with the e-mailed link and goes home (the owner to
 * the Overview), or says why
 * it could not (incomplete, expired or used link) with the way to sign in.
 */
export function MagicUrlPage() {
  usePageTitle('Signing in');
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const secret = params.get('secret') ?? '';
  const { checking, status } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  const [magicUrlSignIn] = useMagicUrlSignInMutation();

  useEffect(() => {
    // After the page's own session lookup: its answer must not overwrite the new session.
    if (checking || sent.current || !userId || !secret) return;
    sent.current = true;
    (async () => {
      await magicUrlSignIn({ userId, secret }).unwrap();
      const user = await getCurrentUser();
      if (!user) throw new Error(SIGNED_IN_BUT_NO_ACCOUNT);
      dispatch(login(user));
      await navigate(landingOf(user), { replace: true });
    })().catch((error: unknown) => setFailure(errorText(error)));
  }, [checking, userId, secret, dispatch, navigate, magicUrlSignIn]);

  const broken = !userId || !secret;
  return (
    <section className="mx-auto w-full max-w-md py-6 sm:py-12">
      <div className="rounded-card border border-line bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-black tracking-tight">
          {broken || failure ? 'Sign-in link' : 'Signing you in'}
        </h1>
        <div className="mt-4 text-sm" role={broken || failure ? 'alert' : undefined}>
          {broken ? (
            <p>This sign-in link is incomplete. Please sign in, or ask for a new link.</p>
          ) : failure ? (
            <p className="text-danger">
              {failure} The link may have expired or been used already: please sign in, or ask for a
              new link.
            </p>
          ) : (
            <Spinner label="Signing you in" />
          )}
        </div>
        {(broken || failure) && (
          // Someone already signed in (an old link opened twice) just carries on shopping.
          <Link
            to={status ? paths.home : paths.login}
            className="mt-5 inline-flex min-h-11 items-center rounded-full bg-ink px-5 text-sm font-semibold text-white hover:bg-ink-soft"
          >
            {status ? 'You are signed in: go to the shop' : 'Go to sign in'}
          </Link>
        )}
      </div>
    </section>
  );
}
