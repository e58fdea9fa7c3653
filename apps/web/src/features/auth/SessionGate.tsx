import { useDeferredValue, useEffect, type ReactNode } from 'react';
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
 * the shop's layout, with their own spinner, instead of the whole page waiting. Like a page whose
 * code is loading (PageLoading), the spinner fills the screen: the footer is not shown meanwhile,
 * so the page arriving does not push it down under the visitor's eyes (a layout shift).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  // The answer comes through the store, whose updates React renders in one go; the page behind
  // the gate (the whole checkout form) is rendered after, in slices a phone can interleave with
  // other work, as a transition is.
  const checking = useDeferredValue(useAuth().checking);
  if (!checking) return <>{children}</>;
  return (
    <div className="grid min-h-dvh place-items-start justify-center pt-24">
      <Spinner label="Checking your account" />
    </div>
  );
}
