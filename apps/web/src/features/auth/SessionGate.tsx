import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAuth } from '../../app/hooks';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { getCurrentUser } from './auth-service';
import { login, logout } from './auth-slice';

/** Looks the current user up once per page load; shows the logo and a spinner meanwhile. */
export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { checking } = useAuth();
  useEffect(() => {
    let live = true;
    void getCurrentUser().then((user) => {
      if (!live) return;
      dispatch(user ? login(user) : logout());
    });
    return () => {
      live = false;
    };
  }, [dispatch]);
  return checking ? <FullPageSpinner /> : <>{children}</>;
}
