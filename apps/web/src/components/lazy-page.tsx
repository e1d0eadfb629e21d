import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
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
 * the fallback only shows when the page is opened directly.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { fallback = <PageLoading />, mui = true, prefetch }: LazyPageOptions = {},
) {
  const Page = lazy(async () => {
    if (!mui) return { default: await load() };
    const [{ MuiThemeScope }, Component] = await Promise.all([import('../ui/mui-theme'), load()]);
    return {
      default: function ThemedPage(props: Props) {
        return (
          <MuiThemeScope>
            <Component {...props} />
          </MuiThemeScope>
        );
      },
    };
  });
  function LazyPage(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  }
  if (!prefetch) return LazyPage;
  return function PrefetchingLazyPage(props: Props) {
    usePrefetch(prefetch);
    return <LazyPage {...props} />;
  };
}
