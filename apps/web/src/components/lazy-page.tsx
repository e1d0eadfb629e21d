import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
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
}

/**
 * A page whose script is fetched when it is first shown, so the catalogue's first view does not
 * carry it. Navigations run in a transition, so the page on screen stays until the next is ready;
 * the fallback only shows when the page is opened directly.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { fallback = <PageLoading />, mui = true }: LazyPageOptions = {},
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
  return function LazyPage(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  };
}
