import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAuth } from '../../entities/hooks';
import { Spinner } from '../../components/ui/Spinner';
import { sessionLookup } from '../../entities/session/auth-service';
import { login, logout } from '../../entities/session/auth-slice';

/**
 * Looks the current user up once per page load (docs/shop.md §4) without holding the page back: the
 * shop renders at once, and `checking` ends when the lookup does, whatever its outcome. The
 * lookup is the one the app started before its first render, if it did (app/boot.tsx).
 */
export function SessionLookup({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let live = true;
    void sessionLookup().then((user) => {
      if (!live) return;
      dispatch(user ? login(user) : logout());
    });
    return () => {
      live = false;
    };
  }, [dispatch]);
  return <>{children}</>;
}

/**
 * Pages that depend on who is signed in (checkout, the account area) wait for the lookup inside
 * the shop's layout, with their own spinner, instead of the whole page waiting.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { checking } = useAuth();
  if (!checking) return <>{children}</>;
  return (
    <div className="grid min-h-64 place-items-center">
      <Spinner label="Checking your account" />
    </div>
  );
}
