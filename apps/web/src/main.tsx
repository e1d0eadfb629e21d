// First, so the pages' own styles (imported by their modules) come after the baseline's.
import './ui/store.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/browser-routes';
import type { PageHandle } from './app/layout/use-page-title';
import { AppRoutes, basename } from './app/router';
import { adoptServerPage } from './lib/page-data';
import { queryClient } from './lib/query-client';
import { useSessionStore } from './lib/session-store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter basename={basename}>
        <AppRoutes routeTable={routes} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The catalogue and product pages come rendered by the server (decision 020): the app takes
// over that HTML from the data it was made with. Every other page is drawn here, knowing who is
// signed in when the server said so in the page.
const isPageData = adoptServerPage(queryClient);

/**
 * The lazy page of the address the app starts at, fetched (its script preloaded by the page's
 * links) and its first data asked for before the first render, so the page is drawn at once
 * instead of after its fallback, which React keeps on screen a while to avoid flicker. A page
 * for signed-in visitors only when the server said someone is.
 */
function preloadStartingPage(): Promise<unknown> {
  const { pathname, search } = window.location;
  const handle = matchRoutes(routes, pathname, basename)?.at(-1)?.route.handle as
    PageHandle | undefined;
  const preload = handle?.preload;
  if (!preload || (preload.signedIn && !useSessionStore.getState().isAuthenticated)) {
    return Promise.resolve();
  }
  return preload.page.preload(queryClient, search);
}

void preloadStartingPage().then(() => {
  if (root.hasChildNodes() && isPageData) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
