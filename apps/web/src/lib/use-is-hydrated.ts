import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that markup, true once
 * the app runs (and at once for pages the app draws itself): what works only with the script
 * can wait for it, and what works without it is drawn first.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
