import { SESSION_STORAGE_KEY, type Role, type User } from '@bindery/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface SessionState {
  user: User | null;
  /** Always null: the HttpOnly cookie carries the session, so no secret is kept in the browser. */
  token: null;
  isAuthenticated: boolean;
  /** True until the current-user call at app start has answered. */
  isLoading: boolean;
  /** Why the server ended the session (inactivity), for the sign-in page; never persisted. */
  signOutNotice: string | null;
  setUser: (user: User) => void;
  logout: (notice?: string | null) => void;
}

/**
 * The key of the current-user query (features/auth asks /api/auth/me under it). A page the
 * server sent to a signed-in visitor answers it already (page-data.ts).
 */
export const meQueryKey = ['auth', 'me'] as const;

/** Every role, spelled so the compiler notices a role added to the contract. */
const ROLES: Record<Role, true> = { user: true, admin: true };

/** A stored user with exactly the contract's fields, or null; checked by hand to keep Zod lazy. */
function toUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null;
  const { _id, name, email, role } = value as Record<string, unknown>;
  if (typeof _id !== 'string' || typeof name !== 'string' || typeof email !== 'string') return null;
  if (typeof role !== 'string' || !Object.hasOwn(ROLES, role)) return null;
  return { _id, name, email, role: role as Role };
}

/** The persisted part of the session, or null when it is not one (edited, or an older shape). */
function toPersistedSession(
  value: unknown,
): { user: User | null; isAuthenticated: boolean } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { user, isAuthenticated } = value as Record<string, unknown>;
  if (typeof isAuthenticated !== 'boolean') return null;
  if (user === null) return { user: null, isAuthenticated };
  const parsedUser = toUser(user);
  return parsedUser ? { user: parsedUser, isAuthenticated } : null;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: true,
      signOutNotice: null,
      setUser: (user) =>
        set({ user, token: null, isAuthenticated: true, isLoading: false, signOutNotice: null }),
      logout: (notice = null) =>
        set({
          user: null,
          token: null,
          isAuthenticated: false,
          isLoading: false,
          signOutNotice: notice,
        }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        user: state.user,
        token: null,
        isAuthenticated: state.isAuthenticated,
      }),
      // Stored data is only a hint until /me answers; drop anything that is not a valid session.
      merge: (persisted, current) => {
        const parsed = toPersistedSession(persisted);
        if (!parsed) return current;
        const { user, isAuthenticated } = parsed;
        return { ...current, user, isAuthenticated: isAuthenticated && user !== null };
      },
    },
  ),
);
