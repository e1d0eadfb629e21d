import { AuthUserResponseSchema, type User } from '@bindery/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user, or null when the server says nobody is (401). */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    const { user } = await apiClient.get('/auth/me', { schema: AuthUserResponseSchema, signal });
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    retry: false,
  });

export const useMe = () => useQuery(meQuery());
