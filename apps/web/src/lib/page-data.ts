import { PAGE_DATA_ELEMENT_ID, type User } from '@bindery/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useSessionStore } from './session-store';

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
 * Starts the app from the data the server rendered the page with, so its first render is the
 * server's HTML and can hydrate it: the queries the page shows, and who the server saw signed
 * in (its word outranks what this browser stored). False when the page was not rendered.
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
  useSessionStore.setState({ user: data.user, isAuthenticated: data.user !== null });
  return true;
}
