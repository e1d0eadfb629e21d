import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** While a page's script arrives on a first visit: a spinner below the top bar. */
function PageLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 12 }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}

/**
 * A page whose script is fetched when it is first shown, so the catalogue's first view does not
 * carry it. Navigations run in a transition, so the page on screen stays until the next is ready;
 * the fallback only shows when the page is opened directly.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = <PageLoading />,
) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPage(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  };
}
