import { act, type ReactNode } from 'react';
import { hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';

const roots = new Set<Root>();

/**
 * `hydrateRoot` for a test, unmounted after it (setup.ts) as `render`'s trees are: the test files
 * share their modules, and a page left mounted would go on fetching into the next file's stubs.
 */
export function hydrateForTest(
  container: Element,
  children: ReactNode,
  options?: HydrationOptions,
): Root {
  const root = hydrateRoot(container, children, options);
  roots.add(root);
  return root;
}

/** Unmounts every page hydrated by the test that just ended. */
export function unmountHydrated(): void {
  for (const root of roots) act(() => root.unmount());
  roots.clear();
}
