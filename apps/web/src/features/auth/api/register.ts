import type { RegisterBody } from '@bindery/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Creates a buyer account; it does not sign in. */
export async function register(body: Omit<RegisterBody, 'role'>): Promise<void> {
  // Self-registration is for buyers only; the server refuses anything else anyway.
  await apiClient.post('/auth/register', { ...body, role: 'user' } satisfies RegisterBody);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
