import {
  AuthUserResponseSchema,
  MessageResponseSchema,
  type ChangePasswordBody,
  type User,
} from '@bindery/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { meQueryKey, type Me } from '../../auth';

export async function updateName(name: string): Promise<User> {
  const { user } = await apiClient.patch('/auth/me', { name }, { schema: AuthUserResponseSchema });
  return user;
}

/** Saves the name, and shows it at once wherever the signed-in user is shown. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  const setUser = useSessionStore((state) => state.setUser);
  return useMutation({
    mutationFn: updateName,
    onSuccess: (user) => {
      setUser(user);
      queryClient.setQueryData<Me>(meQueryKey, { user, notice: null });
    },
  });
}

export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const { message } = await apiClient.post('/auth/change-password', body, {
    schema: MessageResponseSchema,
  });
  return message;
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
