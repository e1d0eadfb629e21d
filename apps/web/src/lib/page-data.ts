import { PAGE_DATA_ELEMENT_ID, type User } from '@bindery/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { meQueryKey, useSessionStore } from './session-store';

/** What the server rendered the page from (entry-server.tsx). */
interface PageData {
  queries: Array<[QueryKey, unknown]>;
  user: User | null;
}

function isPageData(value: unknown): value is PageData {
  if (typeof value !== 'object' || value === null) return false;
  const { queries, user } = value as Record<string, unknown>;
  return (
    Array.isArray(queries) &&
    queries.every(
      (entry) => Array.isArray(entry) && entry.length === 2 && Array.isArray(entry[0]),
    ) &&
    typeof user === 'object'
  );
}

/**
 * Starts the app from the data the server sent the page with, so its first render is the
 * server's HTML and can hydrate it: the queries the page shows, and who the server saw signed
 * in (its word outranks what this browser stored). A signed-in visitor's session is then known
 * at once, without waiting for /api/auth/me; a signed-out one still asks it (it says why a
 * session ended). False when the page came without data.
 */
export function adoptServerPage(queryClient: QueryClient, doc: Document = document): boolean {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return false;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isPageData(data)) return false;
  for (const [key, value] of data.queries) queryClient.setQueryData(key, value);
  if (data.user) {
    queryClient.setQueryData(meQueryKey, { user: data.user, notice: null });
    useSessionStore.setState({ user: data.user, isAuthenticated: true, isLoading: false });
  } else {
    useSessionStore.setState({ user: null, isAuthenticated: false });
  }
  return true;
}
