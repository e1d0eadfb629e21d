import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../ui/spinner';

/** While a page's script arrives on a first visit: a spinner below the top bar. */
function PageLoading() {
  return (
    <div role="status" className="loading-block">
      <Spinner label="Loading page" />
    </div>
  );
}

export interface LazyPageOptions {
  fallback?: ReactNode;
  /** The page is built with MUI: its theme is fetched with it and put around it. Default true. */
  mui?: boolean;
  /**
   * Starts the page's first data (for the address's query, `search`) while its script is
   * fetched, instead of once the page has rendered. A failure is left to the page's own query.
   */
  prefetch?: (queryClient: QueryClient, search: string) => Promise<unknown>;
}

/** How to have a lazy page ready before it is first rendered. */
export interface PagePreloader {
  /**
   * Fetches the page's script (and starts its first data, for the address's query `search`):
   * a page ready before it is first rendered is drawn at once, without its fallback. Resolves
   * when the script is in, or failed (the page's render then tries again and reports it).
   */
  preload(queryClient: QueryClient, search: string): Promise<void>;
}

/** A lazy page's element type, with its preloader. */
export type LazyPage<Props extends object> = ComponentType<Props> & PagePreloader;

/** Runs a page's prefetch when it is shown, and again when its address's query changes. */
function usePrefetch(prefetch: NonNullable<LazyPageOptions['prefetch']>) {
  const queryClient = useQueryClient();
  const { search } = useLocation();
  useEffect(() => {
    prefetch(queryClient, search).catch(() => undefined);
  }, [prefetch, queryClient, search]);
}

/**
 * A page whose script is fetched when it is first shown, so the catalogue's first view does not
 * carry it. Navigations run in a transition, so the page on screen stays until the next is ready;
 * the fallback only shows when the page is opened directly and was not preloaded (main.tsx
 * preloads the page of the address the app starts at).
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { fallback = <PageLoading />, mui = true, prefetch }: LazyPageOptions = {},
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadPage = () => {
    loading ??= (mui ? loadThemed(load) : load()).then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // the next render asks again
        throw error;
      },
    );
    return loading;
  };
  const Page = lazy(async () => ({ default: await loadPage() }));

  function LazyPage(props: Props) {
    // Chosen once per mount: a page already loaded renders at once (and hydrates server HTML
    // in place); switching type later would remount it.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Page);
    return (
      <Suspense fallback={fallback}>
        <Shown {...props} />
      </Suspense>
    );
  }
  const Component: ComponentType<Props> = prefetch
    ? function PrefetchingLazyPage(props: Props) {
        usePrefetch(prefetch);
        return <LazyPage {...props} />;
      }
    : LazyPage;
  return Object.assign(Component, {
    preload: async (queryClient: QueryClient, search: string) => {
      prefetch?.(queryClient, search).catch(() => undefined);
      await loadPage().catch(() => undefined);
    },
  });
}

/** The page inside the MUI theme, both fetched at once. */
async function loadThemed<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Promise<ComponentType<Props>> {
  const [{ MuiThemeScope }, Component] = await Promise.all([import('../ui/mui-theme'), load()]);
  return function ThemedPage(props: Props) {
    return (
      <MuiThemeScope>
        <Component {...props} />
      </MuiThemeScope>
    );
  };
}
