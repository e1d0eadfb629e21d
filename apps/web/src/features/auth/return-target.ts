import type { Role } from '@bindery/shared';
import { useLocation } from 'react-router';

/**
 * Where to go after signing in: `state.from` (set by the guard or a Buy Now button, a path or a
 * location object), else a `?redirect=` path. Only paths inside the store are accepted, so a
 * crafted link cannot send someone to another site or back to a login page.
 */
export function readReturnTarget(state: unknown, search: URLSearchParams): string | null {
  return toStorePath(readFromState(state)) ?? toStorePath(search.get('redirect'));
}

function readFromState(state: unknown): unknown {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from === 'object' && from !== null && 'pathname' in from) {
    const { pathname, search = '', hash = '' } = from as Record<string, unknown>;
    if (typeof pathname === 'string' && typeof search === 'string' && typeof hash === 'string') {
      return `${pathname}${search}${hash}`;
    }
    return null;
  }
  return from;
}

function toStorePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  // "//host" and "/\host" are read by browsers as other origins.
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login/') || value.startsWith('/login?')) return null;
  return value;
}

/** The default home of each role: the product dashboard for admins, the catalogue for others. */
export function homeFor(role: Role): string {
  return role === 'admin' ? '/dashboard' : '/products';
}

/**
 * The top bar's Login: on a sign-in page it keeps that page's return target (in `?redirect=`,
 * checked as above), so "Please log in." after registering still leads back to the product.
 */
export function useLoginPath(): string {
  const { pathname, state, search } = useLocation();
  const isSignInPage = pathname === '/login' || pathname === '/login/admin';
  const target = isSignInPage ? readReturnTarget(state, new URLSearchParams(search)) : null;
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
