import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { useAuth, useIsAdmin } from '../../entities/hooks';

/** The owner's screens: a spinner while the session is looked up, then the admin only; anyone else goes to / (docs/shop.md §2, Dashboard area). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { checking } = useAuth();
  const isAdmin = useIsAdmin();
  if (checking) return <FullPageSpinner label="Checking your account" />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return children;
}
