import { useEffect } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { useMe } from '../api/get-me';

/** Asks the server who is signed in at app start and keeps the session store in step with it. */
export function useSessionBootstrap(): void {
  const { data, status } = useMe();
  const setUser = useSessionStore((state) => state.setUser);
  const logout = useSessionStore((state) => state.logout);

  useEffect(() => {
    if (status === 'pending') return;
    if (status === 'success') {
      if (data.user) setUser(data.user);
      else logout(data.notice);
      return;
    }
    // A failed call at start means we cannot vouch for the stored session; a later failed
    // refetch (offline for a moment) is not a reason to sign someone out.
    if (useSessionStore.getState().isLoading) logout();
  }, [status, data, setUser, logout]);
}
