import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { getStoreConfig } from './lib/store-config';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

document.title = getStoreConfig().storeName;

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
