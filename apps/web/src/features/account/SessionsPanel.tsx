import { LoadError } from '../../components/ui/LoadError';
import { errorText } from '../../lib/errors';
import type { Models } from 'appwrite';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../entities/hooks';
import { Spinner } from '../../components/ui/Spinner';
import { logout } from '../../entities/session/auth-slice';
import { formatWhen } from '../../lib/format-when';
import {
  useDeleteSessionMutation,
  useEndOtherSessionsMutation,
  useListSessionsQuery,
} from '../../entities/session/account-api';

/** "Chrome on Android": what a person recognises of a session. */
export function deviceOf(s: Models.Session): string {
  const client = [s.clientName, s.clientVersion].filter(Boolean).join(' ');
  const os = [s.osName, s.osVersion].filter(Boolean).join(' ');
  if (client && os) return `${client} on ${os}`;
  return client || os || 'Unknown device';
}

/** The customer's active sessions, with a way to end any of them, or all but this one. */
export function SessionsPanel() {
  const { data, error, isLoading, refetch } = useListSessionsQuery();
  const [end] = useDeleteSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);

  const endSession = async (s: Models.Session) => {
    setFailure(null);
    setEnding(s.$id);
    const result = await end(s.current ? 'current' : s.$id);
    setEnding(null);
    if ('error' in result && result.error) return setFailure(errorText(result.error));
    if (s.current) {
      // Logging out here is a logout like any other (docs/shop.md §4): home, logged out.
      dispatch(logout());
      await navigate('/');
    }
  };

  const endEverywhereElse = async () => {
    setFailure(null);
    const result = await endOthers();
    if ('error' in result && result.error) setFailure(errorText(result.error));
  };
  const others = data?.filter((s) => !s.current).length ?? 0;

  return (
    <section aria-labelledby="sessions-heading" className="mt-6">
      <h2 id="sessions-heading" className="text-lg font-bold">
        Where you are logged in
      </h2>
      {isLoading && <Spinner label="Loading your sessions" className="mt-3" />}
      {error && <LoadError error={error} onRetry={() => void refetch()} className="mt-6" />}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {failure}
        </p>
      )}
      <ul className="mt-3 divide-y divide-line rounded-card border border-line bg-card">
        {data?.map((s) => (
          <li key={s.$id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-semibold">
                {deviceOf(s)}
                {s.current && (
                  <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-bold text-green-700">
                    This device
                  </span>
                )}
              </p>
              <p className="text-xs text-muted">
                {[s.ip, s.countryName !== 'Unknown' ? s.countryName : '']
                  .filter(Boolean)
                  .join(' · ')}
                {' · since '}
                {formatWhen(s.$createdAt)}
              </p>
            </div>
            <button
              type="button"
              disabled={ending === s.$id}
              onClick={() => void endSession(s)}
              className="min-h-11 rounded-full px-4 text-sm font-semibold text-danger ring-1 ring-line hover:bg-red-50 disabled:opacity-50"
            >
              {s.current ? 'Log out' : 'End session'}
            </button>
          </li>
        ))}
      </ul>
      {others > 0 && (
        <button
          type="button"
          disabled={endingOthers}
          onClick={() => void endEverywhereElse()}
          className="mt-3 min-h-11 rounded-full px-4 text-sm font-semibold text-danger ring-1 ring-line hover:bg-red-50 disabled:opacity-50"
        >
          Log out everywhere else
        </button>
      )}
    </section>
  );
}
