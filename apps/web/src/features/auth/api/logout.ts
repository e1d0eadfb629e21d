import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout');
}

/** Ends the session on the server; the local session and cache are cleared even if that fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const clearSession = useSessionStore((state) => state.logout);
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
