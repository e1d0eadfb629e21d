import { SESSION_STORAGE_KEY, UserSchema, type User } from '@bindery/shared';
import { z } from 'zod';
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

const PersistedSessionSchema = z.object({
  user: UserSchema.nullable(),
  isAuthenticated: z.boolean(),
});

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
        const parsed = PersistedSessionSchema.safeParse(persisted);
        if (!parsed.success) return current;
        const { user, isAuthenticated } = parsed.data;
        return { ...current, user, isAuthenticated: isAuthenticated && user !== null };
      },
    },
  ),
);
