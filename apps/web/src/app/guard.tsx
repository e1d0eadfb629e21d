import type { Role } from '@bindery/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionLoading } from '../components/session-loading';
import { useSessionStore } from '../lib/session-store';

export interface RequireAuthProps {
  /** Roles allowed through; any signed-in user when omitted. */
  roles?: readonly Role[];
  /** What to protect; the child routes (an Outlet) when used as a layout route. */
  children?: ReactNode;
}

/**
 * Lets a signed-in user with an allowed role through. Others go to sign in (the user login when
 * signed out, the admin login for a wrong role), carrying this page in `state.from` to come back.
 */
export function RequireAuth({ roles, children }: RequireAuthProps) {
  const user = useSessionStore((state) => state.user);
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const isLoading = useSessionStore((state) => state.isLoading);
  const location = useLocation();

  if (isLoading) return <SessionLoading />;

  const from = `${location.pathname}${location.search}${location.hash}`;
  if (!isAuthenticated || !user) return <Navigate to="/login" replace state={{ from }} />;
  if (roles && !roles.includes(user.role)) {
    return <Navigate to="/login/admin" replace state={{ from }} />;
  }
  return children ?? <Outlet />;
}
