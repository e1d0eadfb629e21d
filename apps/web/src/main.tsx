// First, so the pages' own styles (imported by their modules) come after the baseline's.
import './ui/store.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/browser-routes';
import { AppRoutes, basename } from './app/router';
import { adoptServerPage } from './lib/page-data';
import { queryClient } from './lib/query-client';

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
if (root.hasChildNodes() && isPageData) hydrateRoot(root, app);
else createRoot(root).render(app);
