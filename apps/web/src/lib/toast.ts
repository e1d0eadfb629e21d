import { useSyncExternalStore } from 'react';

type ToastKind = 'success' | 'error';

let isRequested = false;
const listeners = new Set<() => void>();

/**
 * Shows a toast through sonner, loaded on the first toast: toasts only follow something the
 * visitor did, so the library and its styles stay out of the first view's scripts. Sonner hands
 * a toast made before its Toaster mounted to the Toaster once it does.
 */
function show(kind: ToastKind, message: string): void {
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then(({ toast }) => toast[kind](message));
}

/** Takes down every toast, shown or on its way (after logging out, "Login successful!"). */
function dismissAll(): void {
  if (!isRequested) return;
  // Imports settle in the order they were asked for: a toast still on its way is up by then.
  void import('sonner').then(({ toast }) => toast.dismiss());
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  dismissAll,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once any toast was asked for: the app mounts the Toaster from then on. */
export function useIsToastRequested(): boolean {
  // No toast is asked for before the page is live: the server renders none.
  return useSyncExternalStore(
    subscribe,
    () => isRequested,
    () => false,
  );
}
