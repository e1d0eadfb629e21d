import { AuthMessages, type User } from '@bindery/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { testQueryClient } from '../../../test/query-client';
import { useSessionStore } from '../../../lib/session-store';
import { htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { meQueryKey, useMe } from '../api/get-me';
import { useSessionBootstrap } from './use-session-bootstrap';

const buyer: User = { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com', role: 'user' };

function renderBootstrap() {
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  // Also report what the component saw of /me, to know when the effect has had its turn.
  const hook = renderHook(
    () => {
      useSessionBootstrap();
      return useMe().status;
    },
    { wrapper },
  );
  return { ...hook, queryClient };
}

describe('session bootstrap', () => {
  test('the session starts loading', () => {
    expect(useSessionStore.getState().isLoading).toBe(true);
  });

  test('a user from /me fills the session and ends loading', async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/me': () => jsonResponse({ user: buyer }) });
    renderBootstrap();

    await waitFor(() => expect(useSessionStore.getState().isLoading).toBe(false));
    expect(useSessionStore.getState()).toMatchObject({ user: buyer, isAuthenticated: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  test('a 401 logs out a stored session and ends loading', async () => {
    useSessionStore.setState({ user: buyer, isAuthenticated: true, isLoading: true });
    stubFetch({
      'GET /api/auth/me': () => jsonResponse({ message: 'Sign in', code: 'UNAUTHORIZED' }, 401),
    });
    renderBootstrap();

    await waitFor(() => expect(useSessionStore.getState().isLoading).toBe(false));
    expect(useSessionStore.getState()).toMatchObject({
      user: null,
      isAuthenticated: false,
      signOutNotice: null,
    });
  });

  test('a session ended for inactivity signs out with the reason for the sign-in page', async () => {
    useSessionStore.setState({ user: buyer, isAuthenticated: true, isLoading: true });
    stubFetch({
      'GET /api/auth/me': () =>
        jsonResponse({ message: AuthMessages.signedOutInactive, code: 'UNAUTHORIZED' }, 401),
    });
    renderBootstrap();

    await waitFor(() => expect(useSessionStore.getState().isLoading).toBe(false));
    expect(useSessionStore.getState()).toMatchObject({
      user: null,
      isAuthenticated: false,
      signOutNotice: AuthMessages.signedOutInactive,
    });
  });

  test('a failed call at start logs out without retrying', async () => {
    useSessionStore.setState({ user: buyer, isAuthenticated: true, isLoading: true });
    const fetchMock = stubFetch({ 'GET /api/auth/me': () => htmlResponse(503) });
    renderBootstrap();

    await waitFor(() => expect(useSessionStore.getState().isLoading).toBe(false));
    expect(useSessionStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('a failed later refetch keeps the signed-in user', async () => {
    let online = true;
    stubFetch({
      'GET /api/auth/me': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse({ user: buyer });
      },
    });
    const { queryClient, result } = renderBootstrap();
    await waitFor(() => expect(useSessionStore.getState().isAuthenticated).toBe(true));

    online = false;
    await act(() => queryClient.refetchQueries({ queryKey: meQueryKey }));

    await waitFor(() => expect(result.current).toBe('error'));
    expect(useSessionStore.getState()).toMatchObject({ user: buyer, isAuthenticated: true });
  });
});
