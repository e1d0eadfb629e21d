import type { AuthUserResponse, LoginBody, User } from '@bindery/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { meQueryKey, type Me } from './get-me';

/** The sign-in page is a first view: its answer is read as the contract's type, without Zod. */
export async function login(body: LoginBody): Promise<User> {
  const { user } = await apiClient.post<AuthUserResponse>('/auth/login', body);
  return user;
}

/** Signs in and stores the user in the session. */
export function useLogin() {
  const queryClient = useQueryClient();
  const setUser = useSessionStore((state) => state.setUser);
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      setUser(user);
      queryClient.setQueryData<Me>(meQueryKey, { user, notice: null });
    },
  });
}
