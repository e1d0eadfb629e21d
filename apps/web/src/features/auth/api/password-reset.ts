import { MessageResponseSchema } from '@bindery/shared';
import { useMutation } from '@tanstack/react-query';
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
