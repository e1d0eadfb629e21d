import { MessageResponseSchema, PasswordResetCheckResponseSchema } from '@bindery/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await apiClient.post(
    '/auth/password-reset',
    { email },
    { schema: MessageResponseSchema },
  );
  return message;
}

/** Sets a new password with the token from a reset link. */
export async function confirmPasswordReset(body: {
  token: string;
  password: string;
}): Promise<string> {
  const { message } = await apiClient.post('/auth/password-reset/confirm', body, {
    schema: MessageResponseSchema,
  });
  return message;
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });

/** Whether a reset link still works, without using it; a link that does not is an ApiError. */
export async function checkPasswordReset(token: string): Promise<void> {
  await apiClient.post(
    '/auth/password-reset/check',
    { token },
    { schema: PasswordResetCheckResponseSchema },
  );
}

/** Checked each time the page opens (the link may have been used since), never kept. */
export const useResetLinkCheck = (token: string) =>
  useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: () => checkPasswordReset(token).then(() => true),
    enabled: token !== '',
    staleTime: 0,
    gcTime: 0,
  });
