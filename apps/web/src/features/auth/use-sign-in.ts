import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ids } from '../../config/env';
import { paths, safeNext } from '../../config/routes';
import { useAppDispatch } from '../../entities/hooks';
import { errorText } from '../../lib/errors';
import { getCurrentUser, SIGNED_IN_BUT_NO_ACCOUNT } from '../../entities/session/auth-service';
import { login } from '../../entities/session/auth-slice';

/** Where someone lands after signing in with nowhere waiting: the owner's Overview, else home. */
export function landingOf(user: { labels: readonly string[] }): string {
  return user.labels.includes(ids.adminLabel) ? paths.dashboard.overview : paths.home;
}

/**
 * Runs a sign-in step (log in, or create then log in): on success the current user is fetched,
 * stored, and the user goes back where they came from (`?next=`, this site's own paths only,
 * e.g. the checkout), else home, or the dashboard's Overview for the shop owner; on failure the
 * server's message shows and loading clears.
 */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const run = async (step: () => Promise<void>) => {
    setError(null);
    setLoading(true);
    try {
      await step();
      const user = await getCurrentUser();
      if (!user) throw new Error(SIGNED_IN_BUT_NO_ACCOUNT);
      dispatch(login(user));
      await navigate(next ?? landingOf(user));
    } catch (e) {
      setError(errorText(e));
      setLoading(false);
    }
  };
  return { run, error, loading, next };
}
