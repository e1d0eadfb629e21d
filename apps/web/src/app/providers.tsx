import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { useIsToastRequested } from '../lib/toast';

// Sonner arrives with the first toast (see lib/toast), not with the first view.
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

/** The toast outlet, mounted once the first toast is asked for. */
function DeferredToaster() {
  const isToastRequested = useIsToastRequested();
  if (!isToastRequested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
