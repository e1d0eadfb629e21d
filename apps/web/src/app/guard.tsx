import type { Role } from '@bindery/shared';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
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

  if (isLoading) {
    return (
      <Stack
        role="status"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'center', py: 12 }}
      >
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">Loading session...</Typography>
      </Stack>
    );
  }

  const from = `${location.pathname}${location.search}${location.hash}`;
  if (!isAuthenticated || !user) return <Navigate to="/login" replace state={{ from }} />;
  if (roles && !roles.includes(user.role)) {
    return <Navigate to="/login/admin" replace state={{ from }} />;
  }
  return children ?? <Outlet />;
}
