import { PAGE_DATA_ELEMENT_ID } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import { adoptServerPage } from './page-data';
import { createQueryClient } from './query-client';
import { meQueryKey, useSessionStore } from './session-store';

function pageWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (text !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ELEMENT_ID;
    script.textContent = text;
    doc.body.append(script);
  }
  return doc;
}

const ada = { _id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' as const };

afterEach(() => {
  useSessionStore.setState({ user: null, isAuthenticated: false, isLoading: true });
});

describe('taking over a page the server rendered', () => {
  test('starts from the server’s queries and its word on who is signed in', () => {
    const queryClient = createQueryClient();
    useSessionStore.setState({ user: ada, isAuthenticated: true });
    const doc = pageWith(
      JSON.stringify({ queries: [[['catalog', 'detail', 'p1'], { _id: 'p1' }]], user: null }),
    );
    expect(adoptServerPage(queryClient, doc)).toBe(true);
    expect(queryClient.getQueryData(['catalog', 'detail', 'p1'])).toEqual({ _id: 'p1' });
    expect(useSessionStore.getState().isAuthenticated).toBe(false);

    const signedIn = pageWith(JSON.stringify({ queries: [], user: ada }));
    expect(adoptServerPage(queryClient, signedIn)).toBe(true);
    expect(useSessionStore.getState().user).toEqual(ada);
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
  });

  test('a signed-in visitor is known at once: no wait for /api/auth/me, whose answer it is', () => {
    const queryClient = createQueryClient();
    const page = pageWith(JSON.stringify({ queries: [], user: ada }));
    expect(adoptServerPage(queryClient, page)).toBe(true);
    expect(useSessionStore.getState()).toMatchObject({
      user: ada,
      isAuthenticated: true,
      isLoading: false,
    });
    expect(queryClient.getQueryData(meQueryKey)).toEqual({ user: ada, notice: null });
  });

  test('a signed-out visitor still waits for /api/auth/me, which says why a session ended', () => {
    const queryClient = createQueryClient();
    expect(adoptServerPage(queryClient, pageWith('{"queries":[],"user":null}'))).toBe(true);
    expect(useSessionStore.getState().isLoading).toBe(true);
    expect(queryClient.getQueryData(meQueryKey)).toBeUndefined();
  });

  test.each([
    ['no data block', null],
    ['broken JSON', '{"queries":'],
    ['another shape', '{"queries":[["not a key", 1]],"user":null}'],
  ])('%s: the app draws the page itself', (_, text) => {
    expect(adoptServerPage(createQueryClient(), pageWith(text))).toBe(false);
  });
});
