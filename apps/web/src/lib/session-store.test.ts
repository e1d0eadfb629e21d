import { SESSION_STORAGE_KEY, type User } from '@bindery/shared';
import { describe, expect, test } from 'vitest';
import { useSessionStore } from './session-store';

const buyer: User = { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com', role: 'user' };

function stored(): unknown {
  return JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
}

describe('session store', () => {
  test('persists the user under auth-session without isLoading or any token', () => {
    useSessionStore.getState().setUser(buyer);

    expect(stored()).toEqual({
      state: { user: buyer, token: null, isAuthenticated: true },
      version: 0,
    });
  });

  test('logout clears the user and ends loading', () => {
    useSessionStore.getState().setUser(buyer);
    useSessionStore.getState().logout();

    expect(useSessionStore.getState()).toMatchObject({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
    });
  });

  test('restores a stored session but still waits for the server', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { user: buyer, token: null, isAuthenticated: true }, version: 0 }),
    );

    await useSessionStore.persist.rehydrate();

    expect(useSessionStore.getState()).toMatchObject({
      user: buyer,
      isAuthenticated: true,
      isLoading: true,
    });
  });

  test('restores only the fields of a user, whatever else was stored', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        state: { user: { ...buyer, password: 'x' }, token: 'old', isAuthenticated: true },
        version: 0,
      }),
    );

    await useSessionStore.persist.rehydrate();

    expect(useSessionStore.getState().user).toEqual(buyer);
  });

  test.each([
    ['an unknown role', { ...buyer, role: 'superuser' }],
    ['a missing email', { _id: 'u1', name: 'Ada', role: 'user' }],
    ['a user that is a text', 'ada'],
  ])('ignores a stored user with %s', async (_, user) => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { user, isAuthenticated: true }, version: 0 }),
    );

    await useSessionStore.persist.rehydrate();

    expect(useSessionStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });

  test('ignores stored data that is not a valid session', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        state: { user: { name: 'x', role: 'superuser' }, isAuthenticated: true },
        version: 0,
      }),
    );

    await useSessionStore.persist.rehydrate();

    expect(useSessionStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });
});
