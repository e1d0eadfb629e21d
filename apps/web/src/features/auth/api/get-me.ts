import { AuthMessages, type AuthUserResponse, type User } from '@bindery/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/session-store';

export { meQueryKey };

/** Who is signed in: the user, or nobody with the reason to tell them (signed out for inactivity). */
export interface Me {
  user: User | null;
  notice: string | null;
}

/** The signed-in user, or nobody when the server says so (401). */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  try {
    const { user } = await apiClient.get<AuthUserResponse>('/auth/me', { signal });
    return { user, notice: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const isIdle = error.serverMessage === AuthMessages.signedOutInactive;
      return { user: null, notice: isIdle ? AuthMessages.signedOutInactive : null };
    }
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
