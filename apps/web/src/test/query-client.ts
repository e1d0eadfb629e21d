import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';

const made = new Set<QueryClient>();

/**
 * The store's query client, for one test. Every one is emptied after its test (setup.ts), which
 * also cancels a retry still waiting: the test files share their modules and globals, and a
 * retry left behind would call the next file's stubbed fetch.
 */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  made.add(client);
  return client;
}

/** Empties every client made for the test that just ended. */
export function clearTestQueryClients(): void {
  for (const client of made) client.clear();
  made.clear();
}
