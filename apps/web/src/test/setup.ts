import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { provideStoreConfig, readStoreConfig } from '../lib/store-config';
import { unmountHydrated } from './hydrate';
import { clearTestQueryClients } from './query-client';

// findBy… and waitFor give up after one second by default; a busy CI machine rendering a whole
// page in jsdom can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the layout's scroll restoration calls it on navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  unmountHydrated();
  clearTestQueryClients();
  localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  // The files share their modules (vite.config.ts): the next test reads the config afresh, as a
  // page load would, whatever this one saved.
  provideStoreConfig(readStoreConfig());
});
