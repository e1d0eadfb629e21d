import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';

export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout');
}

/**
 * Ends the session on the server; the local session and cache are cleared even if that fails.
 * The toasts go at once: "Login successful!" must not greet the sign-in page after logging out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const clearSession = useSessionStore((state) => state.logout);
  return useMutation({
    mutationFn: logout,
    onMutate: () => toast.dismissAll(),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
